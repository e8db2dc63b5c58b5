# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_podlife_global_optspecs
    string join \n color= q/quiet max-input-size= h/help V/version
end

function __fish_podlife_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_podlife_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_podlife_using_subcommand
    set -l cmd (__fish_podlife_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c podlife -n "__fish_podlife_needs_command" -l color -d 'When to use colour (honours NO_COLOR)' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t'Always'
never\t'Never'"
complete -c podlife -n "__fish_podlife_needs_command" -l max-input-size -d 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read' -r
complete -c podlife -n "__fish_podlife_needs_command" -s q -l quiet -d 'Print only results: no summary line, no notes on stderr'
complete -c podlife -n "__fish_podlife_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c podlife -n "__fish_podlife_needs_command" -s V -l version -d 'Print version'
complete -c podlife -n "__fish_podlife_needs_command" -f -a "validate" -d 'Check manifests: syntax, types, unknown fields, and the pod lifecycle rules'
complete -c podlife -n "__fish_podlife_needs_command" -f -a "resources" -d 'Effective requests and limits of each pod, its QoS class, and whether it fits a node'
complete -c podlife -n "__fish_podlife_needs_command" -f -a "status" -d 'Print kubectl\'s NAME/READY/STATUS/RESTARTS/AGE columns for pods with a status'
complete -c podlife -n "__fish_podlife_needs_command" -f -a "simulate" -d 'Simulate a pod\'s lifecycle against a mock container runtime'
complete -c podlife -n "__fish_podlife_needs_command" -f -a "explain" -d 'Print a rule\'s documentation, or the whole rule reference with --all'
complete -c podlife -n "__fish_podlife_needs_command" -f -a "rules" -d 'List the rules: ID, name, default severity, whether enabled by default, summary'
complete -c podlife -n "__fish_podlife_needs_command" -f -a "example" -d 'Print a built-in example manifest, or list them'
complete -c podlife -n "__fish_podlife_needs_command" -f -a "completions" -d 'Print shell completions'
complete -c podlife -n "__fish_podlife_needs_command" -f -a "man" -d 'Print the man page (roff)'
complete -c podlife -n "__fish_podlife_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l stdin-filename -d 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)' -r -F
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l exclude -d 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable' -r
complete -c podlife -n "__fish_podlife_using_subcommand validate" -s o -l format -d 'Output format' -r -f -a "human\t'Diagnostics with source snippets, like rustc'
short\t'One grep-friendly line per finding: `file:line:col: severity[ID] message`'
json\t'One JSON document (see README)'
sarif\t'SARIF 2.1.0, for GitHub code scanning and other SARIF viewers'
github\t'GitHub Actions workflow commands (`::error file=…,line=…,col=…::…`)'
junit\t'JUnit XML: a test suite per file, a test case per pod, failures for errors'"
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l select -d 'Enable only these rules: IDs, names, ID prefixes (`PL3`) or `ALL`; comma-separated or repeated' -r
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l ignore -d 'Turn these rules off: IDs, names, ID prefixes or `ALL`; comma-separated or repeated' -r
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l severity -d 'Set a rule\'s level: `RULE=error|warning|info|off`; repeatable. A level other than `off` also enables a rule that is off by default' -r
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l config -d 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input' -r -F
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l color -d 'When to use colour (honours NO_COLOR)' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t'Always'
never\t'Never'"
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l max-input-size -d 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read' -r
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l hidden -d 'In directories, also read hidden files and directories (`.github/`, …)'
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l no-ignore -d 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out'
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l no-defaulting -d 'Validate the manifest exactly as written, without applying API defaults first'
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l no-config -d 'Use no configuration file'
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l strict-initialized -d 'Validate pods with pending initializers as if they were initialized (strict findings keep their severity instead of becoming notes)'
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l exit-zero -d 'Report as usual but exit 0 even with error findings (2 still means podlife itself failed: usage, an unreadable input)'
complete -c podlife -n "__fish_podlife_using_subcommand validate" -l statistics -d 'Print how many findings each rule gave, most first, instead of the findings (formats `human`, `short` and `json`)'
complete -c podlife -n "__fish_podlife_using_subcommand validate" -s q -l quiet -d 'Print only results: no summary line, no notes on stderr'
complete -c podlife -n "__fish_podlife_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l stdin-filename -d 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)' -r -F
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l exclude -d 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable' -r
complete -c podlife -n "__fish_podlife_using_subcommand resources" -s o -l format -d 'Output format' -r -f -a "human\t'Tables: one block per pod, then totals per namespace'
json\t'One JSON document with every pod, the namespace totals and the settings'"
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l feature-gates -d 'Kubernetes feature gates, `Name=bool,…` (known: PodLevelResources, on by default since Kubernetes 1.34; AllBeta, AllAlpha)' -r
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l node -d 'Check each pod against an empty node with these allocatable resources (`cpu=4,memory=16Gi[,pods=110,…]`; pods defaults to 110)' -r
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l color -d 'When to use colour (honours NO_COLOR)' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t'Always'
never\t'Never'"
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l max-input-size -d 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read' -r
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l hidden -d 'In directories, also read hidden files and directories (`.github/`, …)'
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l no-ignore -d 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out'
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l no-defaulting -d 'Compute on the manifests as written, without API defaulting (by default a limit with no request counts as the request, as the API server makes it)'
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l exclude-overhead -d 'Leave pod overhead (`spec.overhead`) out of requests, limits and the node fit'
complete -c podlife -n "__fish_podlife_using_subcommand resources" -l allow-invalid -d 'Report pods the API server would reject (their errors are still printed). Without it such a pod is left out and the exit code is 1'
complete -c podlife -n "__fish_podlife_using_subcommand resources" -s q -l quiet -d 'Print only results: no summary line, no notes on stderr'
complete -c podlife -n "__fish_podlife_using_subcommand resources" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c podlife -n "__fish_podlife_using_subcommand status" -l stdin-filename -d 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)' -r -F
complete -c podlife -n "__fish_podlife_using_subcommand status" -l exclude -d 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable' -r
complete -c podlife -n "__fish_podlife_using_subcommand status" -l now -d 'The clock AGE and restart times are measured against (RFC 3339); default: now' -r
complete -c podlife -n "__fish_podlife_using_subcommand status" -s o -l output -d '`wide` adds IP, NODE, NOMINATED NODE and READINESS GATES' -r -f -a "wide\t'Add IP, NODE, NOMINATED NODE and READINESS GATES'"
complete -c podlife -n "__fish_podlife_using_subcommand status" -l format -d 'Output format' -r -f -a "human\t'kubectl\'s aligned table'
json\t'`{"pods":[{"name","ready","status","restarts","age",…}]}`'"
complete -c podlife -n "__fish_podlife_using_subcommand status" -l color -d 'When to use colour (honours NO_COLOR)' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t'Always'
never\t'Never'"
complete -c podlife -n "__fish_podlife_using_subcommand status" -l max-input-size -d 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read' -r
complete -c podlife -n "__fish_podlife_using_subcommand status" -l hidden -d 'In directories, also read hidden files and directories (`.github/`, …)'
complete -c podlife -n "__fish_podlife_using_subcommand status" -l no-ignore -d 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out'
complete -c podlife -n "__fish_podlife_using_subcommand status" -s q -l quiet -d 'Print only results: no summary line, no notes on stderr'
complete -c podlife -n "__fish_podlife_using_subcommand status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l stdin-filename -d 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)' -r -F
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l exclude -d 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l fail -d 'Make a container fail: HOW is an exit code (default 1), `oom`, `hang`, `pull`, `create`, `liveness`, `readiness` or `startup`; `*N` fails only the first N attempts. Repeatable' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l run -d 'How long a container runs per attempt (`30s`, `forever`). Repeatable' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l until -d 'The horizon: stop after this much simulated time (a pod that settles ends earlier) [default: 10m]' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l max-events -d 'Most events one run may handle (probes, restarts, runtime calls); a run that needs more stops with an error instead of running for hours or filling memory' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l scenario -d 'A scenario file: durations, exit codes per attempt, probe results over time, faults, jitter, runtime latencies (see docs/simulate.md)' -r -F
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l seed -d 'Seed of the random generator used for jitter [default: 0, or the scenario\'s]' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l delete-at -d 'Delete the pod at this simulated time (`30s`); see docs/termination.md' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l grace-period -d 'The deletion\'s grace period in seconds (overrides terminationGracePeriodSeconds)' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l stop -d 'How long a container takes to exit after SIGTERM (default: at once). Repeatable' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l expect -d 'An assertion; an unmet one exits with 1: `phase=Running`, `status=Running`, `ready-within=30s`, `initialized-within=10s`, `ended-within=1m`, `never-ready`, `restarts<=3`, `restarts:CONTAINER<=3`. Repeatable' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -s o -l format -d 'Output format' -r -f -a "human\t'Header, the chosen views, summary'
json\t'One JSON document per pod (see docs/simulate.md)'"
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l pod -d 'Simulate only the pod with this name (default: every pod in the input)' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l runs -d 'Monte Carlo: N independent runs over the scenario\'s jitter, run i seeded from (--seed, i); prints percentiles and outcome probabilities (see docs/montecarlo.md). `--runs 1` replays one sampled run; without --runs every distribution takes its median' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l sweep -d 'With --runs: rerun the Monte Carlo for each value of a pod field or scenario duration (`terminationGracePeriodSeconds=10..60/10`, `until=1m..5m/1m`)' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l keep-worst -d 'With --runs: print the event logs of the K worst runs, each with the seed that replays it' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l svg -d 'With --runs: write a histogram and CDF of the headline metric as a standalone SVG' -r -F
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l color -d 'When to use colour (honours NO_COLOR)' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t'Always'
never\t'Never'"
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l max-input-size -d 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read' -r
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l hidden -d 'In directories, also read hidden files and directories (`.github/`, …)'
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l no-ignore -d 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out'
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l allow-invalid -d 'Simulate pods the API server would reject (their errors are still printed). Without it such a pod is left out and the exit code is 1'
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l force -d 'Force the deletion: with `--grace-period 0`, no preStop hooks and no defer containers'
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l watch -d 'Show the `kubectl get pods -w` rows at every change instead of the events'
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l timeline -d 'Show a Gantt chart of the containers instead of the events'
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -l trace -d 'Show every call to the container runtime (CRI) instead of the events'
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -s q -l quiet -d 'Print only results: no summary line, no notes on stderr'
complete -c podlife -n "__fish_podlife_using_subcommand simulate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c podlife -n "__fish_podlife_using_subcommand explain" -l color -d 'When to use colour (honours NO_COLOR)' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t'Always'
never\t'Never'"
complete -c podlife -n "__fish_podlife_using_subcommand explain" -l max-input-size -d 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read' -r
complete -c podlife -n "__fish_podlife_using_subcommand explain" -l all -d 'Print every rule\'s documentation'
complete -c podlife -n "__fish_podlife_using_subcommand explain" -s q -l quiet -d 'Print only results: no summary line, no notes on stderr'
complete -c podlife -n "__fish_podlife_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c podlife -n "__fish_podlife_using_subcommand rules" -s o -l format -d 'Output format' -r -f -a "table\t'A table'
json\t'A JSON array'"
complete -c podlife -n "__fish_podlife_using_subcommand rules" -l color -d 'When to use colour (honours NO_COLOR)' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t'Always'
never\t'Never'"
complete -c podlife -n "__fish_podlife_using_subcommand rules" -l max-input-size -d 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read' -r
complete -c podlife -n "__fish_podlife_using_subcommand rules" -s q -l quiet -d 'Print only results: no summary line, no notes on stderr'
complete -c podlife -n "__fish_podlife_using_subcommand rules" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c podlife -n "__fish_podlife_using_subcommand example" -l color -d 'When to use colour (honours NO_COLOR)' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t'Always'
never\t'Never'"
complete -c podlife -n "__fish_podlife_using_subcommand example" -l max-input-size -d 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read' -r
complete -c podlife -n "__fish_podlife_using_subcommand example" -s q -l quiet -d 'Print only results: no summary line, no notes on stderr'
complete -c podlife -n "__fish_podlife_using_subcommand example" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c podlife -n "__fish_podlife_using_subcommand completions" -l color -d 'When to use colour (honours NO_COLOR)' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t'Always'
never\t'Never'"
complete -c podlife -n "__fish_podlife_using_subcommand completions" -l max-input-size -d 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read' -r
complete -c podlife -n "__fish_podlife_using_subcommand completions" -s q -l quiet -d 'Print only results: no summary line, no notes on stderr'
complete -c podlife -n "__fish_podlife_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c podlife -n "__fish_podlife_using_subcommand man" -l out -d 'Write every page (podlife.1 and podlife-<subcommand>.1) into this directory instead' -r -F
complete -c podlife -n "__fish_podlife_using_subcommand man" -l color -d 'When to use colour (honours NO_COLOR)' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t'Always'
never\t'Never'"
complete -c podlife -n "__fish_podlife_using_subcommand man" -l max-input-size -d 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read' -r
complete -c podlife -n "__fish_podlife_using_subcommand man" -s q -l quiet -d 'Print only results: no summary line, no notes on stderr'
complete -c podlife -n "__fish_podlife_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c podlife -n "__fish_podlife_using_subcommand help; and not __fish_seen_subcommand_from validate resources status simulate explain rules example completions man help" -f -a "validate" -d 'Check manifests: syntax, types, unknown fields, and the pod lifecycle rules'
complete -c podlife -n "__fish_podlife_using_subcommand help; and not __fish_seen_subcommand_from validate resources status simulate explain rules example completions man help" -f -a "resources" -d 'Effective requests and limits of each pod, its QoS class, and whether it fits a node'
complete -c podlife -n "__fish_podlife_using_subcommand help; and not __fish_seen_subcommand_from validate resources status simulate explain rules example completions man help" -f -a "status" -d 'Print kubectl\'s NAME/READY/STATUS/RESTARTS/AGE columns for pods with a status'
complete -c podlife -n "__fish_podlife_using_subcommand help; and not __fish_seen_subcommand_from validate resources status simulate explain rules example completions man help" -f -a "simulate" -d 'Simulate a pod\'s lifecycle against a mock container runtime'
complete -c podlife -n "__fish_podlife_using_subcommand help; and not __fish_seen_subcommand_from validate resources status simulate explain rules example completions man help" -f -a "explain" -d 'Print a rule\'s documentation, or the whole rule reference with --all'
complete -c podlife -n "__fish_podlife_using_subcommand help; and not __fish_seen_subcommand_from validate resources status simulate explain rules example completions man help" -f -a "rules" -d 'List the rules: ID, name, default severity, whether enabled by default, summary'
complete -c podlife -n "__fish_podlife_using_subcommand help; and not __fish_seen_subcommand_from validate resources status simulate explain rules example completions man help" -f -a "example" -d 'Print a built-in example manifest, or list them'
complete -c podlife -n "__fish_podlife_using_subcommand help; and not __fish_seen_subcommand_from validate resources status simulate explain rules example completions man help" -f -a "completions" -d 'Print shell completions'
complete -c podlife -n "__fish_podlife_using_subcommand help; and not __fish_seen_subcommand_from validate resources status simulate explain rules example completions man help" -f -a "man" -d 'Print the man page (roff)'
complete -c podlife -n "__fish_podlife_using_subcommand help; and not __fish_seen_subcommand_from validate resources status simulate explain rules example completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
