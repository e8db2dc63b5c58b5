
use builtin;
use str;

set edit:completion:arg-completer[podlife] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'podlife'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'podlife'= {
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand validate 'Check manifests: syntax, types, unknown fields, and the pod lifecycle rules'
            cand resources 'Effective requests and limits of each pod, its QoS class, and whether it fits a node'
            cand status 'Print kubectl''s NAME/READY/STATUS/RESTARTS/AGE columns for pods with a status'
            cand observe 'A real pod''s life from what kubectl printed: why it took so long, and how it differs from the model'
            cand simulate 'Simulate a pod''s lifecycle against a mock container runtime'
            cand rollout 'Simulate a workload''s rolling update from the pod lifecycle model'
            cand explain 'Print a rule''s documentation, or the whole rule reference with --all'
            cand rules 'List the rules: ID, name, default severity, whether enabled by default, summary'
            cand example 'Print a built-in example manifest, or list them'
            cand completions 'Print shell completions'
            cand man 'Print the man page (roff)'
            cand server 'Run a Language Server over stdio, for editors (docs/editors.md)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'podlife;validate'= {
            cand -f 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --filename 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --stdin-filename 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)'
            cand --exclude 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable'
            cand --config 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input'
            cand --kubernetes-version 'The Kubernetes release to check for: `1.29` to the newest podlife knows (the default). Validation, dropped fields, gate defaults and the simulated kubelet follow it'
            cand --feature-gates 'Kubernetes feature gates on top of the release''s defaults, `Name=bool,…` as kube components take them (`podlife rules --gates` lists them); repeatable'
            cand --pod-security 'The cluster''s Pod Security default for namespaces without labels: `LEVEL[:VERSION]` sets `enforce` (`restricted`, `baseline:v1.30`), `warn=…` and `audit=…` the other modes; repeatable. A Namespace''s own labels win'
            cand -o 'Output format'
            cand --format 'Output format'
            cand --output 'Output format'
            cand --select 'Enable only these rules: IDs, names, ID prefixes (`PL3`), groups (`best-practice`) or `ALL`; comma-separated or repeated'
            cand --extend-select 'Enable these rules on top of the others (`--extend-select best-practice` adds the group to the defaults); comma-separated or repeated'
            cand --ignore 'Turn these rules off: IDs, names, ID prefixes or `ALL`; comma-separated or repeated'
            cand --severity 'Set a rule''s level: `RULE=error|warning|info|off`; repeatable. A level other than `off` also enables a rule that is off by default'
            cand --fail-on 'Exit 1 when a finding is at this level or above (default `error`); it changes only the exit code, never which rules run or their levels (that is `--severity`)'
            cand --show-settings 'Print the settings that apply to FILE instead of checking anything: the configuration file, the release, gates, options and every rule''s level, each with where it came from (built-in, which `.podlife.yaml`, the command line)'
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand --hidden 'In directories, also read hidden files and directories (`.github/`, …)'
            cand --no-ignore 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out'
            cand --no-config 'Use no configuration file'
            cand --no-force-exclude 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)'
            cand --no-defaulting 'Validate the manifest exactly as written, without applying API defaults first'
            cand --strict-initialized 'Validate pods with pending initializers as if they were initialized (strict findings keep their severity instead of becoming notes)'
            cand --exit-zero 'Report as usual but exit 0 even with error findings (2 still means podlife itself failed: usage, an unreadable input)'
            cand --statistics 'Print how many findings each rule gave, most first, instead of the findings (formats `human`, `short`, `json` and `yaml`)'
            cand --fix 'Apply the safe fixes in place (atomically, permissions kept), then report what remains; with `-` as input, write the fixed text to stdout and the report to stderr'
            cand --unsafe-fixes 'With --fix or --diff: also apply the unsafe fixes (a misspelled field renamed to the one it is one edit away from)'
            cand --diff 'Print the fixes as a unified diff and write nothing; exit 1 when there are changes'
            cand --add-ignore 'Write a `# podlife: ignore[PLxxx]` comment at the end of each line where a finding starts (files changed as --fix changes them; `-` writes the text to stdout), then report what no comment could cover. For adopting podlife on a repository with findings'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;resources'= {
            cand -f 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --filename 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --stdin-filename 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)'
            cand --exclude 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable'
            cand --config 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input'
            cand -o 'Output format'
            cand --format 'Output format'
            cand --output 'Output format'
            cand --kubernetes-version 'The Kubernetes release to check for: `1.29` to the newest podlife knows (the default). Validation, dropped fields, gate defaults and the simulated kubelet follow it'
            cand --feature-gates 'Kubernetes feature gates on top of the release''s defaults, `Name=bool,…` as kube components take them (`podlife rules --gates` lists them); repeatable'
            cand --pod-security 'The cluster''s Pod Security default for namespaces without labels: `LEVEL[:VERSION]` sets `enforce` (`restricted`, `baseline:v1.30`), `warn=…` and `audit=…` the other modes; repeatable. A Namespace''s own labels win'
            cand --node 'Check each pod against an empty node with these allocatable resources (`cpu=4,memory=16Gi[,pods=110,…]`; pods defaults to 110)'
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand --hidden 'In directories, also read hidden files and directories (`.github/`, …)'
            cand --no-ignore 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out'
            cand --no-config 'Use no configuration file'
            cand --no-force-exclude 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)'
            cand --no-defaulting 'Compute on the manifests as written, without API defaulting (by default a limit with no request counts as the request, as the API server makes it)'
            cand --exclude-overhead 'Leave pod overhead (`spec.overhead`) out of requests, limits and the node fit'
            cand --allow-invalid 'Report pods the API server would reject (their errors are still printed). Without it such a pod is left out and the exit code is 1'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;status'= {
            cand -f 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --filename 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --stdin-filename 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)'
            cand --exclude 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable'
            cand --config 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input'
            cand --now 'The clock AGE and restart times are measured against (RFC 3339); default: now'
            cand -o 'As kubectl: `wide` adds IP, NODE, NOMINATED NODE and READINESS GATES; `json` and `yaml` pick the format'
            cand --output 'As kubectl: `wide` adds IP, NODE, NOMINATED NODE and READINESS GATES; `json` and `yaml` pick the format'
            cand --format 'Output format [default: human]'
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand --hidden 'In directories, also read hidden files and directories (`.github/`, …)'
            cand --no-ignore 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out'
            cand --no-config 'Use no configuration file'
            cand --no-force-exclude 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;observe'= {
            cand -f 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --filename 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --stdin-filename 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)'
            cand --exclude 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable'
            cand --config 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input'
            cand --events 'Events to read beside the pods (any of the forms above); repeatable'
            cand --now 'When the text with ages (`describe`, the events table) was printed (RFC 3339); without it the ages are placed from a container''s start where one dates them'
            cand --pod 'Observe only the pod with this name'
            cand -o 'Output format'
            cand --output 'Output format'
            cand --format 'Output format'
            cand --svg 'Draw the observed life as an SVG (`-` for stdout; several pods: numbered files)'
            cand --scenario 'With --compare: the scenario file the model runs (docs/simulate.md)'
            cand --jitter 'With --compare: spread the scenario''s fixed durations (as `simulate --jitter`); the model runs at their medians'
            cand --expect 'Assert on the observation, as `simulate --expect` does (`ready-within=2m`, `restarts<=0`, `phase=Running`, `restarts:<container>=0`); unmet: exit 1. Repeatable'
            cand --emit-scenario 'Write a scenario file whose durations are fitted to the observed pods'
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand --hidden 'In directories, also read hidden files and directories (`.github/`, …)'
            cand --no-ignore 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out'
            cand --no-config 'Use no configuration file'
            cand --no-force-exclude 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)'
            cand --compare 'Simulate the same spec and set observed and modelled side by side'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;simulate'= {
            cand -f 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --filename 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --stdin-filename 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)'
            cand --exclude 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable'
            cand --config 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input'
            cand --kubernetes-version 'The Kubernetes release to check for: `1.29` to the newest podlife knows (the default). Validation, dropped fields, gate defaults and the simulated kubelet follow it'
            cand --feature-gates 'Kubernetes feature gates on top of the release''s defaults, `Name=bool,…` as kube components take them (`podlife rules --gates` lists them); repeatable'
            cand --pod-security 'The cluster''s Pod Security default for namespaces without labels: `LEVEL[:VERSION]` sets `enforce` (`restricted`, `baseline:v1.30`), `warn=…` and `audit=…` the other modes; repeatable. A Namespace''s own labels win'
            cand --example 'Simulate a built-in example (`podlife example` lists them) [default: `init-containers`]. Without a path, only an interactive terminal runs it unasked'
            cand --fail 'Make a container fail: HOW is an exit code (default 1), `oom`, `hang`, `pull`, `create`, `liveness`, `readiness` or `startup`; `*N` fails only the first N attempts. Repeatable'
            cand --run 'How long a container runs per attempt (`30s`, `forever`). Repeatable'
            cand --until 'The horizon: stop after this much simulated time (a pod that settles ends earlier) [default: 10m]'
            cand --max-events 'Most events one run may handle (probes, restarts, runtime calls); a run that needs more stops with an error instead of running for hours or filling memory'
            cand --scenario 'A scenario file: durations, exit codes per attempt, probe results over time, faults, jitter, runtime latencies (see docs/simulate.md)'
            cand --seed 'Seed of the random generator used for jitter [default: 0, or the scenario''s]'
            cand --jitter 'Spread every fixed duration of the scenario (pulls, runtime calls, starts, run times, hooks, probe latency) into a log-normal around it: `--jitter 20` puts about two runs in three within ÷1.2 and ×1.2 of the value. For `--runs N` (see docs/montecarlo.md)'
            cand --delete-at 'Delete the pod at this simulated time (`30s`); see docs/termination.md'
            cand --grace-period 'The deletion''s grace period in seconds (overrides terminationGracePeriodSeconds)'
            cand --stop 'How long a container takes to exit after SIGTERM (default: at once). Repeatable'
            cand --expect 'An assertion; an unmet one exits with 1. Repeatable. One run: `phase=Running`, `status=Running`, `ready-within=30s`, `initialized-within=10s`, `ended-within=1m`, `never-ready`, `restarts<=3`, `restarts:CONTAINER<=3`; termination (with `--delete-at`): `terminated-within=40s`, `defer-completed`, `completed:DEFER`, `skipped:DEFER`, `never-skipped`, `budget-expired`. With `--runs N`: `STAT:METRIC<op>VALUE` (STAT `min`, `mean`, `p50`, `p90`, `p99`, `max`; METRIC `initialized`, `ready`, `ended`, `terminated`, `restarts`, `restarts:CONTAINER`, `defer-completed`, `defer-failed`, `defer-skipped`, `defer-never-ran`; e.g. `p99:ready<=45s`) and `prob:OUTCOME<op>P` (e.g. `prob:Failed<=1%`; OUTCOME `Pending`, `Running`, `Succeeded`, `Failed`, `DeadlineExceeded`, `NeverInitialized`, `NeverReady`, `Restarted`, `DeferSkipped`, `DeferFailed`, `Killed`, `Extended`). With `--explore`: `never-stuck`, `always-ready`'
            cand -o 'Output format'
            cand --format 'Output format'
            cand --output 'Output format'
            cand --pod 'Simulate only the pod with this name (default: every pod in the input)'
            cand --runs 'Monte Carlo: N independent runs over the scenario''s jitter, run i seeded from (--seed, i); prints percentiles and outcome probabilities (see docs/montecarlo.md). `--runs 1` replays one sampled run; without --runs every distribution takes its median'
            cand --sweep 'With --runs: rerun the Monte Carlo for each value of a pod field or scenario duration (`terminationGracePeriodSeconds=10..60/10`, `until=1m..5m/1m`)'
            cand --keep-worst 'With --runs: print the event logs of the K worst runs, each with the seed that replays it'
            cand --metric 'With --runs: the metric headlined, drawn by --svg and swept (`ready`, `initialized`, `ended`, `terminated`, `restarts`, `restarts:CONTAINER`, `defer-completed`, …); default `ready`, or `ended` for a pod that runs to completion (a Job''s)'
            cand --faults 'With --explore: which faults to try: `transient` (fail once, then behave: what `never-stuck` judges), `permanent` (reported with what each blocks) or `all` [default]'
            cand --skip-fault 'With --explore: leave out this fault (`oom`, `image-pull-once`, `slow-sigterm`, …). Repeatable'
            cand --svg 'Write a standalone SVG: for one run, the pod''s life on a time axis (a lane per container: states, exits, restarts, probe answers, conditions, deletion and grace deadline); with --runs, the histogram and CDF of the headline metric (`--metric`). `-` writes it to stdout (and the report to stderr); a FIFO or device is written to'
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand --hidden 'In directories, also read hidden files and directories (`.github/`, …)'
            cand --no-ignore 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out'
            cand --no-config 'Use no configuration file'
            cand --no-force-exclude 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)'
            cand --allow-invalid 'Simulate pods the API server would reject (their errors are still printed). Without it such a pod is left out and the exit code is 1'
            cand --force 'Force the deletion: with `--grace-period 0`, no preStop hooks and no defer containers'
            cand --watch 'Show the `kubectl get pods -w` rows at every change instead of the events'
            cand --timeline 'Show a Gantt chart of the containers instead of the events'
            cand --trace 'Show every call to the container runtime (CRI) instead of the events'
            cand --all-metrics 'With --runs: show every metric and outcome, also those the scenario cannot produce (termination without a deletion, defer without defer containers)'
            cand --explore 'What if any one thing fails: one run per container and fault, transient (exit 1, OOM, image pull, create, a probe: once, then it behaves) or permanent (the same every time, a hang, and with --delete-at a slow SIGTERM), a row each, worst first, saying what each blocks. `--expect never-stuck` fails when the pod does not recover from some transient fault, `--expect always-ready` when some fault''s run is never Ready (docs/simulate.md)'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;rollout'= {
            cand -f 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --filename 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs'
            cand --stdin-filename 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)'
            cand --exclude 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable'
            cand --config 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input'
            cand --kubernetes-version 'The Kubernetes release to check for: `1.29` to the newest podlife knows (the default). Validation, dropped fields, gate defaults and the simulated kubelet follow it'
            cand --feature-gates 'Kubernetes feature gates on top of the release''s defaults, `Name=bool,…` as kube components take them (`podlife rules --gates` lists them); repeatable'
            cand --pod-security 'The cluster''s Pod Security default for namespaces without labels: `LEVEL[:VERSION]` sets `enforce` (`restricted`, `baseline:v1.30`), `warn=…` and `audit=…` the other modes; repeatable. A Namespace''s own labels win'
            cand --example 'Roll out a built-in example (`podlife example` lists them) [default: `rollout`]. Without a path, only an interactive terminal runs it unasked'
            cand --from 'A manifest of the previous version: its workload of the same kind (and name, if there are several) gives the old revision''s pods [default: the same template]'
            cand --pod 'Roll out only the workload with this name (default: every one in the input)'
            cand --replicas 'Replicas to roll out instead of `spec.replicas` (at most 5000)'
            cand --nodes 'A DaemonSet''s nodes, one pod each (at most 5000)'
            cand --scenario 'A scenario file, as `podlife simulate` reads it (durations, faults, jitter); it applies to the pods of both revisions, `--fail` only to the new one''s'
            cand --fail 'Make a new pod''s container fail, as `simulate --fail` (`app=readiness`: never Ready; `app=1*2`: crash twice). Repeatable'
            cand --run 'How long a container runs per attempt (`30s`, `forever`), in pods of both revisions. Repeatable'
            cand --stop 'How long a container takes to exit after SIGTERM, in pods of both revisions. Repeatable'
            cand --seed 'Seed of the random generator used for jitter [default: 0, or the scenario''s]'
            cand --jitter 'Spread every fixed duration of the scenario (pulls, runtime calls, starts, run times, hooks, probe latency) into a log-normal around it, in the pods of both revisions, as `simulate --jitter` does: `--jitter 20` puts about two draws in three within ÷1.2 and ×1.2 of the value. For `--runs N`; a single run takes the medians'
            cand --until 'The horizon: stop after this much simulated time (a rollout that completes ends earlier) [default: 30m, at most 24h]'
            cand --latency 'How long the controllers take to react to a change, at most 1h [default: 0s, or the scenario''s `rollout.controllerLatency`]'
            cand --max-events 'Most events one pod''s run may handle'
            cand --runs 'Monte Carlo: N independent rollouts over the scenario''s jitter, run i seeded from (--seed, i), at most 100000; prints percentiles and P(ProgressDeadlineExceeded)'
            cand --expect 'An assertion; an unmet one exits with 1. Repeatable: `completed-within=5m`, `min-available>=8`, `max-pods<=13`, `never-exceeded`, `STAT:METRIC<op>VALUE` (STAT `min`, `p50`, `p90`, `p99`, `max`; METRIC `rollout`, `max-pods`, `min-available`; e.g. `p99:rollout<=10m`), `prob:OUTCOME<op>P` (OUTCOME `ProgressDeadlineExceeded`, `Completed`; e.g. `prob:ProgressDeadlineExceeded<=1%`)'
            cand --svg 'Write a standalone SVG: of one run, the replicas over time, the deadline marked; with `--runs N`, the distribution of the rollout''s duration (histogram and cumulative share, p50/p90/p99 marked). `-` writes it to stdout (and the report to stderr)'
            cand -o 'Output format'
            cand --format 'Output format'
            cand --output 'Output format'
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand --hidden 'In directories, also read hidden files and directories (`.github/`, …)'
            cand --no-ignore 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out'
            cand --no-config 'Use no configuration file'
            cand --no-force-exclude 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)'
            cand --allow-invalid 'Roll out pods the API server would reject (their errors are still printed)'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;explain'= {
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand --all 'Print every rule''s documentation'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;rules'= {
            cand -o 'Output format'
            cand --format 'Output format'
            cand --output 'Output format'
            cand --kubernetes-version 'With --gates: the release (default: the newest podlife knows)'
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand --gates 'List the feature gates podlife consults instead: stage and default in the release'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;example'= {
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;completions'= {
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;man'= {
            cand --out 'Write every page (podlife.1 and podlife-<subcommand>.1) into this directory instead'
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;server'= {
            cand --max-message-size 'Largest message read from the editor: bytes, or with a unit (`64MiB`). A larger one is skipped and answered with an error; the session goes on'
            cand --color 'When to use colour (honours NO_COLOR)'
            cand --max-input-size 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read'
            cand -q 'Print only results: no summary line, no notes on stderr'
            cand --quiet 'Print only results: no summary line, no notes on stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'podlife;help'= {
            cand validate 'Check manifests: syntax, types, unknown fields, and the pod lifecycle rules'
            cand resources 'Effective requests and limits of each pod, its QoS class, and whether it fits a node'
            cand status 'Print kubectl''s NAME/READY/STATUS/RESTARTS/AGE columns for pods with a status'
            cand observe 'A real pod''s life from what kubectl printed: why it took so long, and how it differs from the model'
            cand simulate 'Simulate a pod''s lifecycle against a mock container runtime'
            cand rollout 'Simulate a workload''s rolling update from the pod lifecycle model'
            cand explain 'Print a rule''s documentation, or the whole rule reference with --all'
            cand rules 'List the rules: ID, name, default severity, whether enabled by default, summary'
            cand example 'Print a built-in example manifest, or list them'
            cand completions 'Print shell completions'
            cand man 'Print the man page (roff)'
            cand server 'Run a Language Server over stdio, for editors (docs/editors.md)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'podlife;help;validate'= {
        }
        &'podlife;help;resources'= {
        }
        &'podlife;help;status'= {
        }
        &'podlife;help;observe'= {
        }
        &'podlife;help;simulate'= {
        }
        &'podlife;help;rollout'= {
        }
        &'podlife;help;explain'= {
        }
        &'podlife;help;rules'= {
        }
        &'podlife;help;example'= {
        }
        &'podlife;help;completions'= {
        }
        &'podlife;help;man'= {
        }
        &'podlife;help;server'= {
        }
        &'podlife;help;help'= {
        }
    ]
    $completions[$command]
}
