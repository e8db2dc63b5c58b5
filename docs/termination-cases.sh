#!/bin/bash
# Regenerates the "cases to snapshot" section of docs/termination.md (run from the repository root after `cargo build`).
cd "$(dirname "$0")/.."
BIN=target/debug/podlife
n=0
ERR=$(mktemp)
case_() {
  title="$1"; shift
  n=$((n+1))
  echo "### $n. $title"
  echo
  echo '```console'
  echo "\$ podlife $*"
  out=$(COLUMNS=100 $BIN "$@" 2>"$ERR"); code=$?
  echo "$out"
  if [ -s "$ERR" ]; then echo "(stderr)"; cat "$ERR"; fi
  echo "(exit $code)"
  echo '```'
  echo
}
for ex in defer-containers defer-statefulset defer-shutdown; do
  f=src/examples/$ex.yaml
  case_ "$ex example deleted at 30s: events" simulate $f --delete-at 30s
  case_ "$ex example deleted at 30s: --watch" simulate $f --delete-at 30s --watch
  case_ "$ex example deleted at 30s: --timeline" simulate $f --delete-at 30s --timeline
  case_ "$ex example deleted at 30s: --trace" simulate $f --delete-at 30s --trace
  case_ "$ex example deleted at 30s: JSON" simulate $f --delete-at 30s --format json
done
case_ "D8 budget: a 3 s grace period kills rm-tmpdir and skips ref-counter (all views)" simulate src/examples/defer-containers.yaml --delete-at 30s --grace-period 3 --timeline --watch --trace --expect skipped:ref-counter --expect terminated-within=5s
case_ "D8 unmet expectation: defer-completed (exit 1)" simulate src/examples/defer-containers.yaml --delete-at 30s --grace-period 3 --expect defer-completed
case_ "D12 force delete: no preStop, defer containers skipped (ForceDeleted)" simulate src/examples/defer-containers.yaml --delete-at 30s --grace-period 0 --force --watch --trace
case_ "D7 killApp: the defer container stops the app (scenario stops: [app])" simulate src/examples/defer-containers.yaml --delete-at 30s --scenario testdata/scenarios/defer-kill-app.yaml --timeline
case_ "D14 node crash during termination: completed, cut, never ran" simulate src/examples/defer-containers.yaml --delete-at 30s --fail node@33s --timeline --format human
case_ "D13 prePullDeferImages: defer images pulled once Running" simulate src/examples/defer-shutdown.yaml --delete-at 30s --expect terminated-within=5s --expect defer-completed
case_ "K4 sidecar pod: app stops first, then sidecars in reverse order; app takes 5 s after SIGTERM" simulate src/examples/sidecar.yaml --delete-at 40s --stop web=5s --trace
case_ "D8 with a 2 s grace period: the preStop hook is cut at 2 s, the budget gets its 2 s extension, then fsync and the hanging app are killed" simulate src/examples/defer-containers.yaml --pod cleanup --delete-at 30s --grace-period 2 --fail app=hang --run fsync=10s
case_ "I3/I5 initializers (one patches in a sidecar) then a scheduling gate removed at 20s" simulate testdata/termination/initializers-and-gates.yaml --scenario testdata/scenarios/initializers-and-gates.yaml --watch --until 1m
case_ "I3/I5 events and JSON of the same run" simulate testdata/termination/initializers-and-gates.yaml --scenario testdata/scenarios/initializers-and-gates.yaml --until 30s --format json
