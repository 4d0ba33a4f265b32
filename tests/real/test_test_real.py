#!/usr/bin/env python3
"""ctest real.differential.render: scripts/test-real's own logic, without a cluster.

`test-real --render` makes the table from the comparisons a run left in OUT/runs/ (compare --kafka's
--json files, docs/real-kafka.md "Comparing with the simulation"), so hand-made comparisons check:
  * a cell is differ when any subject differs, known when one is known and none differs, agree when one
    agrees, not compared otherwise (a pending checkpoint);
  * the totals count cells, and the differences are listed with both values (a known one with its id);
  * the exit status: 0 with known differences only, 1 with a difference, a failed run (compare's exit 3,
    its last line in the table) or a hung one;
  * the table's filters (--case, --version) and a bad table (exit 2, with the JSON path).
Usage: test_test_real.py SOURCE_DIR BUILD_DIR
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE, BUILD = Path(sys.argv[1]), Path(sys.argv[2])
SCRIPT = SOURCE / "scripts" / "test-real"
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


def fact(subject, name, verdict, simulated="1", real="1", known_id="", reason=""):
    return {"subject": subject, "fact": name, "simulated": simulated, "real": real, "verdict": verdict,
            "known_id": known_id, "reason": reason}


def checkpoint(label, facts, compared=True, why=""):
    return {"label": label, "simulated_frame": 1, "step": 0, "observed": True, "compared": compared,
            "not_compared_why": why, "facts": facts}


def comparison(checkpoints):
    return {"scenario": "s", "kafka_version": "4.4.0", "passes": True, "counts": {}, "checkpoints": checkpoints}


AGREE = [fact("t-0", f, "agree") for f in ("leader", "leader_epoch", "isr", "elr", "last_known_elr")] + \
        [fact(f"t-0 replica {b}", f, "agree") for b in (1, 2) for f in ("leo", "hw", "records")] + \
        [fact("t-0", "lost_records", "agree")]


def with_verdict(facts, subject, name, **change):
    return [dict(f, **change) if (f["subject"], f["fact"]) == (subject, name) else f for f in facts]


def run(table, runs, *args):
    """Writes the table and the runs' files, then test-real --render; returns (status, summary, output)."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "table.json").write_text(json.dumps(table))
        (tmp / "out" / "runs").mkdir(parents=True)
        for name, files in runs.items():
            for suffix, content in files.items():
                (tmp / "out" / "runs" / f"{name}{suffix}").write_text(content)
        answer = subprocess.run([sys.executable, str(SCRIPT), "--render", "--table", str(tmp / "table.json"),
                                 "--build", str(BUILD), "--out", str(tmp / "out"), *args],
                                capture_output=True, text=True, timeout=120)
        summary_file = tmp / "out" / "differential.json"
        summary = json.loads(summary_file.read_text()) if summary_file.exists() else None
        return answer.returncode, summary, answer.stdout + answer.stderr


TABLE = {"distributions": {"4.4": "4.4.0", "3.9": "3.9.2"},
         "runs": [{"case": "builtin:a", "versions": ["4.4"]}, {"case": "cases/b.json", "versions": ["4.4", "3.9"]}]}

# Everything agrees, one checkpoint pending.
runs = {"a-4.4": {".json": json.dumps(comparison([checkpoint("1", AGREE),
                                                  checkpoint("2", [dict(f, verdict="not-compared") for f in AGREE],
                                                             compared=False, why="pending: a fence")])),
                  ".seconds": "80.5\n"},
        "b-4.4": {".json": json.dumps(comparison([checkpoint("x", AGREE)])), ".seconds": "60.0\n"},
        "b-3.9": {".json": json.dumps(comparison([checkpoint("x", AGREE)])), ".seconds": "70.0\n"}}
status, summary, output = run(TABLE, runs)
check(status == 0, f"all agree: exit 0 (got {status}: {output})")
check(summary["totals"] == {"agree": 27, "differ": 0, "known": 0, "not-compared": 9},
      f"all agree: 3 compared checkpoints x 9 facts agree, the pending one's 9 not compared (got {summary['totals']})")
check("| a | 4.4.0 | 2 |" in output and "not compared: pending: a fence" in output, "the pending checkpoint's row says why")
check("80.5 s" in output, "the run's time is in its first row")

# A known difference on one replica: the cell is known, the exit 0; a difference on another: differ, exit 1.
known = with_verdict(AGREE, "t-0 replica 2", "hw", verdict="known", real="4", simulated="2", known_id="k1",
                     reason="a timing")
runs["a-4.4"][".json"] = json.dumps(comparison([checkpoint("1", known)]))
status, summary, output = run(TABLE, runs)
check(status == 0, f"a known difference: exit 0 (got {status})")
check(summary["totals"]["known"] == 1 and summary["totals"]["differ"] == 0, f"one known cell (got {summary['totals']})")
check("t-0 replica 2 hw: real 4, simulation 2 [known k1] (a timing)" in output, "the known difference is listed")
differ = with_verdict(known, "t-0 replica 1", "hw", verdict="differ", real="3", simulated="2")
runs["a-4.4"][".json"] = json.dumps(comparison([checkpoint("1", differ)]))
status, summary, output = run(TABLE, runs)
check(status == 1, f"a difference: exit 1 (got {status})")
check(summary["totals"]["differ"] == 1 and summary["totals"]["known"] == 0,
      f"the hw cell is differ, not known, when one replica differs and another is known (got {summary['totals']})")
check("a at 4.4.0, checkpoint 1, t-0 replica 1 hw: real 3, simulation 2" in output, "the difference is listed")

# Failed and hung runs fail the suite and are named in the table.
runs["a-4.4"][".json"] = json.dumps(comparison([checkpoint("1", AGREE)]))
failed = dict(runs)
failed["b-3.9"] = {".err": "real: step 3 ...\nhighwater-cli: real: /steps/4/restart: broker 1 exited while starting\n"}
status, summary, output = run(TABLE, failed)
check(status == 1, f"a failed run: exit 1 (got {status})")
check("FAILED: compare failed (no comparison): highwater-cli: real: /steps/4/restart: broker 1 exited while starting"
      in output, f"the failed run's last line is in the table ({output})")
hung = dict(runs)
hung["b-4.4"] = {".hung": "the comparison still running after 900 s: stopped\n"}
status, summary, output = run(TABLE, hung)
check(status == 1 and "FAILED: the comparison still running after 900 s" in output, "a hung run: exit 1, named")

# Filters, and a bad table.
status, summary, output = run(TABLE, runs, "--case", "b", "--version", "3.9")
check(status == 0 and [r["case"] + r["version"] for r in summary["runs"]] == ["b3.9"], "--case b --version 3.9: that run only")
status, summary, output = run({"distributions": {"4.4": "4.4.0"}, "runs": [{"case": "builtin:a", "versions": ["4.2"]}]}, {})
check(status == 2 and "/runs/0/versions: version '4.2' has no entry in /distributions" in output,
      f"a version without a distribution: exit 2 with its path ({output})")

# One compare call over several cases of a version (split_group): each case gets its comparison, its
# seconds and whether it ran on the cluster of the case before; a failed one its error; a single case's
# comparison is the object itself; a hung call or a missing file fails every case of it.
import importlib.machinery
import importlib.util
loader = importlib.machinery.SourceFileLoader("test_real_script", str(SCRIPT))
spec = importlib.util.spec_from_loader("test_real_script", loader)
script = importlib.util.module_from_spec(spec)
loader.exec_module(script)
with tempfile.TemporaryDirectory() as tmp:
    tmp = Path(tmp)
    stems = [tmp / "a-4.4", tmp / "b-4.4", tmp / "c-4.4"]
    group = [dict(comparison([checkpoint("1", AGREE)]), source="a.json", cluster="own", seconds=61.5),
             dict(comparison([checkpoint("x", AGREE)]), source="b.json", cluster="shared", seconds=40.0),
             {"scenario": "c", "source": "c.json", "cluster": "own", "seconds": 3.0,
              "error": "the real run: broker 2 exited while starting"}]
    (tmp / "kafka-4.4.json").write_text(json.dumps(group))
    script.split_group(tmp / "kafka-4.4.json", tmp / "kafka-4.4.err", 3, None, stems)
    a, b, c = (script.read_run(stem) for stem in stems)
    check(a["error"] is None and a["seconds"] == 61.5 and a["cluster"] == "own" and a["checkpoints"][0]["label"] == "1",
          f"split: the first case's comparison, time and own cluster ({a})")
    check(b["error"] is None and b["cluster"] == "shared" and b["checkpoints"][0]["label"] == "x",
          f"split: the second case ran on the shared cluster ({b})")
    check(c["error"] is not None and "broker 2 exited while starting" in c["error"] and not c["checkpoints"],
          f"split: the failed case carries its error ({c})")
    (tmp / "kafka-4.4.json").write_text(json.dumps(dict(comparison([checkpoint("1", AGREE)]), scenario="a")))
    Path(f"{stems[0]}.seconds").unlink()
    script.split_group(tmp / "kafka-4.4.json", tmp / "kafka-4.4.err", 0, None, stems[:1], 58.2)
    one = script.read_run(stems[0])
    check(one["checkpoints"][0]["label"] == "1" and one["seconds"] == 58.2,
          f"split: one case's comparison is the object itself, and the call's time is its time ({one})")
    (tmp / "kafka-4.4.json").unlink()
    (tmp / "kafka-4.4.err").write_text("highwater-cli: compare: x is not a Kafka distribution\n")
    for stem in stems:
        for suffix in (".json", ".seconds", ".cluster", ".err"):
            Path(f"{stem}{suffix}").unlink(missing_ok=True)
    script.split_group(tmp / "kafka-4.4.json", tmp / "kafka-4.4.err", 2, None, stems[:2])
    check(all("x is not a Kafka distribution" in (script.read_run(stem)["error"] or "") for stem in stems[:2]),
          "split: no comparison file fails every case with the call's last line")
    script.split_group(tmp / "kafka-4.4.json", tmp / "kafka-4.4.err", None, "the comparison still running after 900 s",
                       stems[:2])
    check(all("still running" in (script.read_run(stem)["error"] or "") for stem in stems[:2]),
          "split: a hung call fails every case of it")

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
