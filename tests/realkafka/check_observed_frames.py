#!/usr/bin/env python3
# check_observed_frames.py FRAMES KAFKA-VERSION: checks what `highwater-cli observe` printed while
# observe_cluster.sh killed broker 1, the leader of observed-0 (issue 29): every line a frame of an observed
# timeline, numbered from 0; the first shows leader 1 at epoch 0 with ISR {1,2,3} and every replica's LEO and
# HW at 10; a later one shows leader 2 at a higher epoch, broker 1 out of the ISR and, on Kafka 4.0+ (where
# DescribeCluster v2 lists fenced brokers), broker 1 fenced; once leader 2 shows, no later frame goes back to
# leader 1 or to an older epoch (the controller writes the fence, the ISR shrink and the new leader in one
# batch; a poll may see all three at once, never them undone); and no frame repeats the one before it
# (KRaft's DescribeCluster names a random broker as the controller at every request: not a change).
# Exit 0 when all holds, 1 with the reasons.
import json
import sys


def main():
    path, version = sys.argv[1], sys.argv[2]
    major = int(version.split(".")[0])
    problems = []
    frames = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f):
            frame = json.loads(line)
            if frame.get("frame") != n:
                problems.append(f"line {n + 1}: frame {frame.get('frame')}, expected {n}")
            if "observed" not in frame:
                problems.append(f"frame {n}: not marked observed")
            frames.append(frame)
    if len(frames) < 2:
        problems.append(f"{len(frames)} frames; expected the first poll and the failover")
        report(problems)

    def partition(frame):
        for p in frame["partitions"]:
            if p["topic"] == "observed" and p["partition"] == 0:
                return p
        problems.append(f"frame {frame['frame']}: no partition observed-0")
        return None

    # A frame only for a poll that changed something it shows (not its time, its duration or its number).
    def shown(frame):
        rest = {k: v for k, v in frame.items() if k not in ("frame", "time_ms", "event", "narration")}
        rest["observed"] = {k: v for k, v in frame["observed"].items() if k != "poll_ms"}
        return rest

    for before, after in zip(frames, frames[1:]):
        if shown(before) == shown(after):
            problems.append(f"frame {after['frame']}: shows nothing frame {before['frame']} did not")
        if after["controller"] is not None:
            problems.append(f"frame {after['frame']}: controller {after['controller']}, expected null (KIP-590)")

    first = partition(frames[0])
    if first:
        if (first["leader"], first["leader_epoch"], sorted(first["isr"])) != (1, 0, [1, 2, 3]):
            problems.append(f"frame 0: leader {first['leader']} epoch {first['leader_epoch']} isr {first['isr']}")
        for r in first["replica_states"]:
            if (r["leo"], r["hw"]) != (10, 10):
                problems.append(f"frame 0: broker {r['broker']} LEO {r['leo']} HW {r['hw']}, expected 10 and 10")

    failover = None
    epoch = 0
    for frame in frames:
        p = partition(frame)
        if p is None:
            continue
        if p["leader_epoch"] < epoch:
            problems.append(f"frame {frame['frame']}: leader epoch {p['leader_epoch']} after {epoch}")
        epoch = max(epoch, p["leader_epoch"])
        if failover is not None and p["leader"] == 1:
            problems.append(f"frame {frame['frame']}: leader 1 again after the failover in frame {failover}")
        if failover is None and p["leader"] == 2:
            failover = frame["frame"]
            if p["leader_epoch"] < 1:
                problems.append(f"frame {failover}: leader 2 at epoch {p['leader_epoch']}")
    if failover is None:
        problems.append("no frame shows leader 2")
    last = frames[-1]
    p = partition(last)
    if p is not None and 1 in p["isr"]:
        problems.append(f"last frame {last['frame']}: broker 1 still in the ISR {p['isr']}")
    if major >= 4:
        states = {b["id"]: b["state"] for b in last["brokers"]}
        if states.get(1) not in ("fenced", "gone"):
            problems.append(f"last frame: broker 1 is {states.get(1)!r}, expected fenced (DescribeCluster v2)")
        if not any(b["id"] == 1 and b["state"] == "fenced" for f in frames for b in f["brokers"]):
            problems.append("no frame shows broker 1 fenced")
    report(problems, f"{len(frames)} frames, the failover in frame {failover}")


def report(problems, summary=""):
    if problems:
        print("check_observed_frames: " + "\n  ".join(["FAIL"] + problems))
        sys.exit(1)
    print(f"check_observed_frames: PASS ({summary})")
    sys.exit(0)


if __name__ == "__main__":
    main()
