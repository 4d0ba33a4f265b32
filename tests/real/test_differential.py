#!/usr/bin/env python3
"""ctest real.differential.recompare: scripts/test-real's comparison, without a cluster.

Real frames captured from two runs of the table (tests/real/data/: leader-failover at Kafka 4.4.0 and
unclean-election at 3.9.2, `highwater-cli real ... --dump jsonl --checkpoints`) are compared again with
`test-real --recompare`:
  * as captured: every cell agrees, except the facts no broker could tell (unclean-election's
    checkpoint 3, every broker down), which are not compared; exit 0;
  * with one replica's LEO, one leader epoch and one record changed: exactly those cells differ, the
    differences name them with both values, and test-real exits 1;
  * a checkpoint the real run lacks is a difference, not a silent agreement.
Usage: test_differential.py SOURCE_DIR BUILD_DIR
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE, BUILD = Path(sys.argv[1]), Path(sys.argv[2])
DATA = SOURCE / "tests" / "real" / "data"
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


def recompare(out, frames):
    """Writes the real frames as an earlier run's and runs test-real --recompare on them."""
    runs = out / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    for name, lines in frames.items():
        (runs / f"{name}.real.jsonl").write_text("".join(json.dumps(f) + "\n" for f in lines))
        (runs / f"{name}.real.done").write_text("1.0\n")
    argv = [sys.executable, str(SOURCE / "scripts" / "test-real"), "--recompare", "--build", str(BUILD),
            "--out", str(out)]
    for name in frames:
        case, version = name.rsplit("-", 1)
        argv += ["--case", case, "--version", version]
    answer = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    return answer.returncode, json.loads((out / "differential.json").read_text())


def load(name):
    return [json.loads(line) for line in (DATA / f"{name}.real.jsonl").read_text().splitlines()]


def verdicts(summary):
    """(case, label, subject, fact) -> verdict, over every fact of every run."""
    return {(run["case"], c["label"], f["subject"], f["fact"]): f["verdict"]
            for run in summary["runs"] for c in run["checkpoints"] for f in c["facts"]}


with tempfile.TemporaryDirectory() as tmp:
    tmp = Path(tmp)
    captured = {"leader-failover-4.4": load("leader-failover-4.4"), "unclean-election-3.9": load("unclean-election-3.9")}

    status, summary = recompare(tmp / "captured", captured)
    seen = verdicts(summary)
    check(status == 0, f"captured frames: exit 0 (got {status})")
    check(summary["failed_runs"] == 0, "captured frames: no failed run")
    check(summary["totals"]["differ"] == 0, f"captured frames: nothing differs (got {summary['totals']})")
    check(len([k for k in seen if k[0] == "leader-failover"]) == 5 * (5 + 3 * 3),
          "leader-failover: 5 checkpoints x (5 partition facts + 3 replicas x 3 facts)")
    unobserved = {k[3]: v for k, v in seen.items() if k[:2] == ("unclean-election", "3") and k[2] == "events-0"}
    check(unobserved == {"leader": "agree", "leader_epoch": "not-compared", "isr": "not-compared",
                         "elr": "not-compared", "last_known_elr": "not-compared"},
          f"unclean-election checkpoint 3 (no broker running): only the leader compared (got {unobserved})")

    changed = json.loads(json.dumps(captured))
    frame = changed["leader-failover-4.4"][2]  # checkpoint 3: leader 2, epoch 1
    frame["partitions"][0]["leader_epoch"] = 7
    replica = next(r for r in frame["partitions"][0]["replica_states"] if r["broker"] == 3)
    replica["leo"] += 1
    replica["records"][0]["value"] = "not-m0"
    status, summary = recompare(tmp / "changed", changed)
    differ = {k for k, v in verdicts(summary).items() if v == "differ"}
    check(status == 1, f"changed frames: exit 1 (got {status})")
    check(differ == {("leader-failover", "3", "orders-0", "leader_epoch"),
                     ("leader-failover", "3", "orders-0 replica 3", "leo"),
                     ("leader-failover", "3", "orders-0 replica 3", "records")},
          f"changed frames: exactly the three changed facts differ (got {sorted(differ)})")
    markdown = (tmp / "changed" / "differential.md").read_text()
    check("checkpoint 3, orders-0 leader_epoch: real 7, simulation 1" in markdown,
          "the markdown names a difference with both values")

    missing = {"leader-failover-4.4": captured["leader-failover-4.4"][:-1]}
    status, summary = recompare(tmp / "missing", missing)
    check(status == 1, f"a checkpoint only the simulation has: exit 1 (got {status})")
    check(verdicts(summary).get(("leader-failover", "5", "checkpoint", "checkpoint")) == "differ",
          "a checkpoint only the simulation has is a difference")


print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
