# SPDX-License-Identifier: MIT
"""The size of `serve --frames` for a busy lab (issue 28 defect 6), and the frames per produced batch.

Runs `highwater-cli serve builtin:leo-hw-walkthrough --frames F` for SECONDS while CHURN clients
connect, ask ApiVersions and close in a loop (as a kafka-python group consumer reconnects) and one kcat
produces batches of 100 records with acks=all every 100 ms; then stops it and prints the frames, their
bytes, bytes per frame, frames per produced batch and the event types that make most frames.

    python3 bench/live_frames_size.py build/app/highwater-cli [SECONDS] [CHURN]

Run it with the CLI before and after a change to compare (same SECONDS and CHURN).
"""
import collections
import json
import os
import random
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time


def free_base():
    rng = random.Random(os.getpid())
    for _ in range(200):
        base = rng.randrange(20000, 60000)
        try:
            for b in range(1, 4):
                s = socket.socket()
                s.bind(("127.0.0.1", base + b))
                s.close()
            return base
        except OSError:
            continue
    raise RuntimeError("no free ports")


def churn(base, stop, counter):
    body = struct.pack(">hhih", 18, 0, 1, 5) + b"churn"
    request = struct.pack(">i", len(body)) + body
    n = 0
    while not stop.is_set():
        try:
            s = socket.create_connection(("127.0.0.1", base + 1 + n % 3), timeout=5)
            s.sendall(request)
            size = struct.unpack(">i", s.recv(4))[0]
            got = 0
            while got < size:
                got += len(s.recv(size - got))
            s.close()
            counter[0] += 1
        except OSError:
            pass
        n += 1
        stop.wait(1.0 / 6)  # a kafka-python group consumer reconnects about 6 times a second


def main():
    cli = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60
    clients = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    work = tempfile.mkdtemp(prefix="hw-frames-")
    frames = os.path.join(work, "frames.jsonl")
    base = free_base()
    log = open(os.path.join(work, "serve.log"), "w")
    server = subprocess.Popen([cli, "serve", "builtin:leo-hw-walkthrough", "--quiet", "--port", str(base),
                               "--frames", frames], stdout=log, stderr=subprocess.STDOUT)
    time.sleep(1.5)
    stop = threading.Event()
    counter = [0]
    threads = [threading.Thread(target=churn, args=(base, stop, counter)) for _ in range(clients)]
    for t in threads:
        t.start()
    batches = 0
    end = time.time() + seconds
    while time.time() < end:
        values = "".join("b%d-r%d\n" % (batches, i) for i in range(100)).encode()
        subprocess.run(["kcat", "-b", "127.0.0.1:%d" % (base + 1), "-P", "-t", "orders", "-p", "0", "-X",
                        "acks=all", "-X", "batch.num.messages=100", "-X", "linger.ms=50"], input=values,
                       capture_output=True, timeout=60)
        batches += 1
        time.sleep(0.1)
    stop.set()
    for t in threads:
        t.join()
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=600)
    count = 0
    types = collections.Counter()
    with open(frames) as f:
        for line in f:
            count += 1
            types[json.loads(line)["event"]["type"]] += 1
    size = os.path.getsize(frames)
    print("%.0f s, %d churning clients: %d connections, %d produce runs of 100 records" %
          (seconds, clients, counter[0], batches))
    print("frames: %d, bytes: %d, bytes per frame: %.0f, frames per produced batch: %.1f" %
          (count, size, size / max(count, 1), count / max(batches, 1)))
    for kind, n in types.most_common(8):
        print("  %-28s %d" % (kind, n))


if __name__ == "__main__":
    main()
