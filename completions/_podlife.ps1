
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'podlife' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'podlife'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'podlife' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check manifests: syntax, types, unknown fields, and the pod lifecycle rules')
            [CompletionResult]::new('resources', 'resources', [CompletionResultType]::ParameterValue, 'Effective requests and limits of each pod, its QoS class, and whether it fits a node')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Print kubectl''s NAME/READY/STATUS/RESTARTS/AGE columns for pods with a status')
            [CompletionResult]::new('observe', 'observe', [CompletionResultType]::ParameterValue, 'A real pod''s life from what kubectl printed: why it took so long, and how it differs from the model')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Simulate a pod''s lifecycle against a mock container runtime')
            [CompletionResult]::new('rollout', 'rollout', [CompletionResultType]::ParameterValue, 'Simulate a workload''s rolling update from the pod lifecycle model')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Print a rule''s documentation, or the whole rule reference with --all')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'List the rules: ID, name, default severity, whether enabled by default, summary')
            [CompletionResult]::new('example', 'example', [CompletionResultType]::ParameterValue, 'Print a built-in example manifest, or list them')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print shell completions')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (roff)')
            [CompletionResult]::new('server', 'server', [CompletionResultType]::ParameterValue, 'Run a Language Server over stdio, for editors (docs/editors.md)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'podlife;validate' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--filename', '--filename', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input')
            [CompletionResult]::new('--kubernetes-version', '--kubernetes-version', [CompletionResultType]::ParameterName, 'The Kubernetes release to check for: `1.29` to the newest podlife knows (the default). Validation, dropped fields, gate defaults and the simulated kubelet follow it')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Kubernetes feature gates on top of the release''s defaults, `Name=bool,…` as kube components take them (`podlife rules --gates` lists them); repeatable')
            [CompletionResult]::new('--pod-security', '--pod-security', [CompletionResultType]::ParameterName, 'The cluster''s Pod Security default for namespaces without labels: `LEVEL[:VERSION]` sets `enforce` (`restricted`, `baseline:v1.30`), `warn=…` and `audit=…` the other modes; repeatable. A Namespace''s own labels win')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Enable only these rules: IDs, names, ID prefixes (`PL3`), groups (`best-practice`) or `ALL`; comma-separated or repeated')
            [CompletionResult]::new('--extend-select', '--extend-select', [CompletionResultType]::ParameterName, 'Enable these rules on top of the others (`--extend-select best-practice` adds the group to the defaults); comma-separated or repeated')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Turn these rules off: IDs, names, ID prefixes or `ALL`; comma-separated or repeated')
            [CompletionResult]::new('--severity', '--severity', [CompletionResultType]::ParameterName, 'Set a rule''s level: `RULE=error|warning|info|off`; repeatable. A level other than `off` also enables a rule that is off by default')
            [CompletionResult]::new('--fail-on', '--fail-on', [CompletionResultType]::ParameterName, 'Exit 1 when a finding is at this level or above (default `error`); it changes only the exit code, never which rules run or their levels (that is `--severity`)')
            [CompletionResult]::new('--show-settings', '--show-settings', [CompletionResultType]::ParameterName, 'Print the settings that apply to FILE instead of checking anything: the configuration file, the release, gates, options and every rule''s level, each with where it came from (built-in, which `.podlife.yaml`, the command line)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'In directories, also read hidden files and directories (`.github/`, …)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Use no configuration file')
            [CompletionResult]::new('--no-force-exclude', '--no-force-exclude', [CompletionResultType]::ParameterName, 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)')
            [CompletionResult]::new('--no-defaulting', '--no-defaulting', [CompletionResultType]::ParameterName, 'Validate the manifest exactly as written, without applying API defaults first')
            [CompletionResult]::new('--strict-initialized', '--strict-initialized', [CompletionResultType]::ParameterName, 'Validate pods with pending initializers as if they were initialized (strict findings keep their severity instead of becoming notes)')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Report as usual but exit 0 even with error findings (2 still means podlife itself failed: usage, an unreadable input)')
            [CompletionResult]::new('--statistics', '--statistics', [CompletionResultType]::ParameterName, 'Print how many findings each rule gave, most first, instead of the findings (formats `human`, `short`, `json` and `yaml`)')
            [CompletionResult]::new('--fix', '--fix', [CompletionResultType]::ParameterName, 'Apply the safe fixes in place (atomically, permissions kept), then report what remains; with `-` as input, write the fixed text to stdout and the report to stderr')
            [CompletionResult]::new('--unsafe-fixes', '--unsafe-fixes', [CompletionResultType]::ParameterName, 'With --fix or --diff: also apply the unsafe fixes (a misspelled field renamed to the one it is one edit away from)')
            [CompletionResult]::new('--diff', '--diff', [CompletionResultType]::ParameterName, 'Print the fixes as a unified diff and write nothing; exit 1 when there are changes')
            [CompletionResult]::new('--add-ignore', '--add-ignore', [CompletionResultType]::ParameterName, 'Write a `# podlife: ignore[PLxxx]` comment at the end of each line where a finding starts (files changed as --fix changes them; `-` writes the text to stdout), then report what no comment could cover. For adopting podlife on a repository with findings')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;resources' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--filename', '--filename', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubernetes-version', '--kubernetes-version', [CompletionResultType]::ParameterName, 'The Kubernetes release to check for: `1.29` to the newest podlife knows (the default). Validation, dropped fields, gate defaults and the simulated kubelet follow it')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Kubernetes feature gates on top of the release''s defaults, `Name=bool,…` as kube components take them (`podlife rules --gates` lists them); repeatable')
            [CompletionResult]::new('--pod-security', '--pod-security', [CompletionResultType]::ParameterName, 'The cluster''s Pod Security default for namespaces without labels: `LEVEL[:VERSION]` sets `enforce` (`restricted`, `baseline:v1.30`), `warn=…` and `audit=…` the other modes; repeatable. A Namespace''s own labels win')
            [CompletionResult]::new('--node', '--node', [CompletionResultType]::ParameterName, 'Check each pod against an empty node with these allocatable resources (`cpu=4,memory=16Gi[,pods=110,…]`; pods defaults to 110)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'In directories, also read hidden files and directories (`.github/`, …)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Use no configuration file')
            [CompletionResult]::new('--no-force-exclude', '--no-force-exclude', [CompletionResultType]::ParameterName, 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)')
            [CompletionResult]::new('--no-defaulting', '--no-defaulting', [CompletionResultType]::ParameterName, 'Compute on the manifests as written, without API defaulting (by default a limit with no request counts as the request, as the API server makes it)')
            [CompletionResult]::new('--exclude-overhead', '--exclude-overhead', [CompletionResultType]::ParameterName, 'Leave pod overhead (`spec.overhead`) out of requests, limits and the node fit')
            [CompletionResult]::new('--allow-invalid', '--allow-invalid', [CompletionResultType]::ParameterName, 'Report pods the API server would reject (their errors are still printed). Without it such a pod is left out and the exit code is 1')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;status' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--filename', '--filename', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input')
            [CompletionResult]::new('--now', '--now', [CompletionResultType]::ParameterName, 'The clock AGE and restart times are measured against (RFC 3339); default: now')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'As kubectl: `wide` adds IP, NODE, NOMINATED NODE and READINESS GATES; `json` and `yaml` pick the format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'As kubectl: `wide` adds IP, NODE, NOMINATED NODE and READINESS GATES; `json` and `yaml` pick the format')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'In directories, also read hidden files and directories (`.github/`, …)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Use no configuration file')
            [CompletionResult]::new('--no-force-exclude', '--no-force-exclude', [CompletionResultType]::ParameterName, 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;observe' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--filename', '--filename', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input')
            [CompletionResult]::new('--events', '--events', [CompletionResultType]::ParameterName, 'Events to read beside the pods (any of the forms above); repeatable')
            [CompletionResult]::new('--now', '--now', [CompletionResultType]::ParameterName, 'When the text with ages (`describe`, the events table) was printed (RFC 3339); without it the ages are placed from a container''s start where one dates them')
            [CompletionResult]::new('--pod', '--pod', [CompletionResultType]::ParameterName, 'Observe only the pod with this name')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Draw the observed life as an SVG (`-` for stdout; several pods: numbered files)')
            [CompletionResult]::new('--scenario', '--scenario', [CompletionResultType]::ParameterName, 'With --compare: the scenario file the model runs (docs/simulate.md)')
            [CompletionResult]::new('--jitter', '--jitter', [CompletionResultType]::ParameterName, 'With --compare: spread the scenario''s fixed durations (as `simulate --jitter`); the model runs at their medians')
            [CompletionResult]::new('--expect', '--expect', [CompletionResultType]::ParameterName, 'Assert on the observation, as `simulate --expect` does (`ready-within=2m`, `restarts<=0`, `phase=Running`, `restarts:<container>=0`); unmet: exit 1. Repeatable')
            [CompletionResult]::new('--emit-scenario', '--emit-scenario', [CompletionResultType]::ParameterName, 'Write a scenario file whose durations are fitted to the observed pods')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'In directories, also read hidden files and directories (`.github/`, …)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Use no configuration file')
            [CompletionResult]::new('--no-force-exclude', '--no-force-exclude', [CompletionResultType]::ParameterName, 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)')
            [CompletionResult]::new('--compare', '--compare', [CompletionResultType]::ParameterName, 'Simulate the same spec and set observed and modelled side by side')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;simulate' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--filename', '--filename', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input')
            [CompletionResult]::new('--kubernetes-version', '--kubernetes-version', [CompletionResultType]::ParameterName, 'The Kubernetes release to check for: `1.29` to the newest podlife knows (the default). Validation, dropped fields, gate defaults and the simulated kubelet follow it')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Kubernetes feature gates on top of the release''s defaults, `Name=bool,…` as kube components take them (`podlife rules --gates` lists them); repeatable')
            [CompletionResult]::new('--pod-security', '--pod-security', [CompletionResultType]::ParameterName, 'The cluster''s Pod Security default for namespaces without labels: `LEVEL[:VERSION]` sets `enforce` (`restricted`, `baseline:v1.30`), `warn=…` and `audit=…` the other modes; repeatable. A Namespace''s own labels win')
            [CompletionResult]::new('--example', '--example', [CompletionResultType]::ParameterName, 'Simulate a built-in example (`podlife example` lists them) [default: `init-containers`]. Without a path, only an interactive terminal runs it unasked')
            [CompletionResult]::new('--fail', '--fail', [CompletionResultType]::ParameterName, 'Make a container fail: HOW is an exit code (default 1), `oom`, `hang`, `pull`, `create`, `liveness`, `readiness` or `startup`; `*N` fails only the first N attempts. Repeatable')
            [CompletionResult]::new('--run', '--run', [CompletionResultType]::ParameterName, 'How long a container runs per attempt (`30s`, `forever`). Repeatable')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'The horizon: stop after this much simulated time (a pod that settles ends earlier) [default: 10m]')
            [CompletionResult]::new('--max-events', '--max-events', [CompletionResultType]::ParameterName, 'Most events one run may handle (probes, restarts, runtime calls); a run that needs more stops with an error instead of running for hours or filling memory')
            [CompletionResult]::new('--scenario', '--scenario', [CompletionResultType]::ParameterName, 'A scenario file: durations, exit codes per attempt, probe results over time, faults, jitter, runtime latencies (see docs/simulate.md)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the random generator used for jitter [default: 0, or the scenario''s]')
            [CompletionResult]::new('--jitter', '--jitter', [CompletionResultType]::ParameterName, 'Spread every fixed duration of the scenario (pulls, runtime calls, starts, run times, hooks, probe latency) into a log-normal around it: `--jitter 20` puts about two runs in three within ÷1.2 and ×1.2 of the value. For `--runs N` (see docs/montecarlo.md)')
            [CompletionResult]::new('--delete-at', '--delete-at', [CompletionResultType]::ParameterName, 'Delete the pod at this simulated time (`30s`); see docs/termination.md')
            [CompletionResult]::new('--grace-period', '--grace-period', [CompletionResultType]::ParameterName, 'The deletion''s grace period in seconds (overrides terminationGracePeriodSeconds)')
            [CompletionResult]::new('--stop', '--stop', [CompletionResultType]::ParameterName, 'How long a container takes to exit after SIGTERM (default: at once). Repeatable')
            [CompletionResult]::new('--expect', '--expect', [CompletionResultType]::ParameterName, 'An assertion; an unmet one exits with 1. Repeatable. One run: `phase=Running`, `status=Running`, `ready-within=30s`, `initialized-within=10s`, `ended-within=1m`, `never-ready`, `restarts<=3`, `restarts:CONTAINER<=3`; termination (with `--delete-at`): `terminated-within=40s`, `defer-completed`, `completed:DEFER`, `skipped:DEFER`, `never-skipped`, `budget-expired`. With `--runs N`: `STAT:METRIC<op>VALUE` (STAT `min`, `mean`, `p50`, `p90`, `p99`, `max`; METRIC `initialized`, `ready`, `ended`, `terminated`, `restarts`, `restarts:CONTAINER`, `defer-completed`, `defer-failed`, `defer-skipped`, `defer-never-ran`; e.g. `p99:ready<=45s`) and `prob:OUTCOME<op>P` (e.g. `prob:Failed<=1%`; OUTCOME `Pending`, `Running`, `Succeeded`, `Failed`, `DeadlineExceeded`, `NeverInitialized`, `NeverReady`, `Restarted`, `DeferSkipped`, `DeferFailed`, `Killed`, `Extended`). With `--explore`: `never-stuck`, `always-ready`')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--pod', '--pod', [CompletionResultType]::ParameterName, 'Simulate only the pod with this name (default: every pod in the input)')
            [CompletionResult]::new('--runs', '--runs', [CompletionResultType]::ParameterName, 'Monte Carlo: N independent runs over the scenario''s jitter, run i seeded from (--seed, i); prints percentiles and outcome probabilities (see docs/montecarlo.md). `--runs 1` replays one sampled run; without --runs every distribution takes its median')
            [CompletionResult]::new('--sweep', '--sweep', [CompletionResultType]::ParameterName, 'With --runs: rerun the Monte Carlo for each value of a pod field or scenario duration (`terminationGracePeriodSeconds=10..60/10`, `until=1m..5m/1m`)')
            [CompletionResult]::new('--keep-worst', '--keep-worst', [CompletionResultType]::ParameterName, 'With --runs: print the event logs of the K worst runs, each with the seed that replays it')
            [CompletionResult]::new('--metric', '--metric', [CompletionResultType]::ParameterName, 'With --runs: the metric headlined, drawn by --svg and swept (`ready`, `initialized`, `ended`, `terminated`, `restarts`, `restarts:CONTAINER`, `defer-completed`, …); default `ready`, or `ended` for a pod that runs to completion (a Job''s)')
            [CompletionResult]::new('--faults', '--faults', [CompletionResultType]::ParameterName, 'With --explore: which faults to try: `transient` (fail once, then behave: what `never-stuck` judges), `permanent` (reported with what each blocks) or `all` [default]')
            [CompletionResult]::new('--skip-fault', '--skip-fault', [CompletionResultType]::ParameterName, 'With --explore: leave out this fault (`oom`, `image-pull-once`, `slow-sigterm`, …). Repeatable')
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Write a standalone SVG: for one run, the pod''s life on a time axis (a lane per container: states, exits, restarts, probe answers, conditions, deletion and grace deadline); with --runs, the histogram and CDF of the headline metric (`--metric`). `-` writes it to stdout (and the report to stderr); a FIFO or device is written to')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'In directories, also read hidden files and directories (`.github/`, …)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Use no configuration file')
            [CompletionResult]::new('--no-force-exclude', '--no-force-exclude', [CompletionResultType]::ParameterName, 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)')
            [CompletionResult]::new('--allow-invalid', '--allow-invalid', [CompletionResultType]::ParameterName, 'Simulate pods the API server would reject (their errors are still printed). Without it such a pod is left out and the exit code is 1')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Force the deletion: with `--grace-period 0`, no preStop hooks and no defer containers')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Show the `kubectl get pods -w` rows at every change instead of the events')
            [CompletionResult]::new('--timeline', '--timeline', [CompletionResultType]::ParameterName, 'Show a Gantt chart of the containers instead of the events')
            [CompletionResult]::new('--trace', '--trace', [CompletionResultType]::ParameterName, 'Show every call to the container runtime (CRI) instead of the events')
            [CompletionResult]::new('--all-metrics', '--all-metrics', [CompletionResultType]::ParameterName, 'With --runs: show every metric and outcome, also those the scenario cannot produce (termination without a deletion, defer without defer containers)')
            [CompletionResult]::new('--explore', '--explore', [CompletionResultType]::ParameterName, 'What if any one thing fails: one run per container and fault, transient (exit 1, OOM, image pull, create, a probe: once, then it behaves) or permanent (the same every time, a hang, and with --delete-at a slow SIGTERM), a row each, worst first, saying what each blocks. `--expect never-stuck` fails when the pod does not recover from some transient fault, `--expect always-ready` when some fault''s run is never Ready (docs/simulate.md)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;rollout' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--filename', '--filename', [CompletionResultType]::ParameterName, 'A manifest file or directory, as kubectl takes it (`-f -` for standard input); repeatable, read after the PATHs')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The name standard input goes by: in findings, and to find `.podlife.yaml` from (for editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename chart/rendered.yaml -`)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the directory given); repeatable')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this configuration file instead of discovering `.podlife.yaml` upward from each input')
            [CompletionResult]::new('--kubernetes-version', '--kubernetes-version', [CompletionResultType]::ParameterName, 'The Kubernetes release to check for: `1.29` to the newest podlife knows (the default). Validation, dropped fields, gate defaults and the simulated kubelet follow it')
            [CompletionResult]::new('--feature-gates', '--feature-gates', [CompletionResultType]::ParameterName, 'Kubernetes feature gates on top of the release''s defaults, `Name=bool,…` as kube components take them (`podlife rules --gates` lists them); repeatable')
            [CompletionResult]::new('--pod-security', '--pod-security', [CompletionResultType]::ParameterName, 'The cluster''s Pod Security default for namespaces without labels: `LEVEL[:VERSION]` sets `enforce` (`restricted`, `baseline:v1.30`), `warn=…` and `audit=…` the other modes; repeatable. A Namespace''s own labels win')
            [CompletionResult]::new('--example', '--example', [CompletionResultType]::ParameterName, 'Roll out a built-in example (`podlife example` lists them) [default: `rollout`]. Without a path, only an interactive terminal runs it unasked')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'A manifest of the previous version: its workload of the same kind (and name, if there are several) gives the old revision''s pods [default: the same template]')
            [CompletionResult]::new('--pod', '--pod', [CompletionResultType]::ParameterName, 'Roll out only the workload with this name (default: every one in the input)')
            [CompletionResult]::new('--replicas', '--replicas', [CompletionResultType]::ParameterName, 'Replicas to roll out instead of `spec.replicas` (at most 5000)')
            [CompletionResult]::new('--nodes', '--nodes', [CompletionResultType]::ParameterName, 'A DaemonSet''s nodes, one pod each (at most 5000)')
            [CompletionResult]::new('--scenario', '--scenario', [CompletionResultType]::ParameterName, 'A scenario file, as `podlife simulate` reads it (durations, faults, jitter); it applies to the pods of both revisions, `--fail` only to the new one''s')
            [CompletionResult]::new('--fail', '--fail', [CompletionResultType]::ParameterName, 'Make a new pod''s container fail, as `simulate --fail` (`app=readiness`: never Ready; `app=1*2`: crash twice). Repeatable')
            [CompletionResult]::new('--run', '--run', [CompletionResultType]::ParameterName, 'How long a container runs per attempt (`30s`, `forever`), in pods of both revisions. Repeatable')
            [CompletionResult]::new('--stop', '--stop', [CompletionResultType]::ParameterName, 'How long a container takes to exit after SIGTERM, in pods of both revisions. Repeatable')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the random generator used for jitter [default: 0, or the scenario''s]')
            [CompletionResult]::new('--jitter', '--jitter', [CompletionResultType]::ParameterName, 'Spread every fixed duration of the scenario (pulls, runtime calls, starts, run times, hooks, probe latency) into a log-normal around it, in the pods of both revisions, as `simulate --jitter` does: `--jitter 20` puts about two draws in three within ÷1.2 and ×1.2 of the value. For `--runs N`; a single run takes the medians')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'The horizon: stop after this much simulated time (a rollout that completes ends earlier) [default: 30m, at most 24h]')
            [CompletionResult]::new('--latency', '--latency', [CompletionResultType]::ParameterName, 'How long the controllers take to react to a change, at most 1h [default: 0s, or the scenario''s `rollout.controllerLatency`]')
            [CompletionResult]::new('--max-events', '--max-events', [CompletionResultType]::ParameterName, 'Most events one pod''s run may handle')
            [CompletionResult]::new('--runs', '--runs', [CompletionResultType]::ParameterName, 'Monte Carlo: N independent rollouts over the scenario''s jitter, run i seeded from (--seed, i), at most 100000; prints percentiles and P(ProgressDeadlineExceeded)')
            [CompletionResult]::new('--expect', '--expect', [CompletionResultType]::ParameterName, 'An assertion; an unmet one exits with 1. Repeatable: `completed-within=5m`, `min-available>=8`, `max-pods<=13`, `never-exceeded`, `STAT:METRIC<op>VALUE` (STAT `min`, `p50`, `p90`, `p99`, `max`; METRIC `rollout`, `max-pods`, `min-available`; e.g. `p99:rollout<=10m`), `prob:OUTCOME<op>P` (OUTCOME `ProgressDeadlineExceeded`, `Completed`; e.g. `prob:ProgressDeadlineExceeded<=1%`)')
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Write a standalone SVG: of one run, the replicas over time, the deadline marked; with `--runs N`, the distribution of the rollout''s duration (histogram and cumulative share, p50/p90/p99 marked). `-` writes it to stdout (and the report to stderr)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('--hidden', '--hidden', [CompletionResultType]::ParameterName, 'In directories, also read hidden files and directories (`.github/`, …)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Use no configuration file')
            [CompletionResult]::new('--no-force-exclude', '--no-force-exclude', [CompletionResultType]::ParameterName, 'Read a file named on the command line even when `exclude:` in its configuration leaves it out (by default `exclude:` applies to named files too, as ruff''s `--force-exclude`: pre-commit and editors name every file)')
            [CompletionResult]::new('--allow-invalid', '--allow-invalid', [CompletionResultType]::ParameterName, 'Roll out pods the API server would reject (their errors are still printed)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;explain' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Print every rule''s documentation')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;rules' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--kubernetes-version', '--kubernetes-version', [CompletionResultType]::ParameterName, 'With --gates: the release (default: the newest podlife knows)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('--gates', '--gates', [CompletionResultType]::ParameterName, 'List the feature gates podlife consults instead: stage and default in the release')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;example' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;man' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write every page (podlife.1 and podlife-<subcommand>.1) into this directory instead')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;server' {
            [CompletionResult]::new('--max-message-size', '--max-message-size', [CompletionResultType]::ParameterName, 'Largest message read from the editor: bytes, or with a unit (`64MiB`). A larger one is skipped and answered with an error; the session goes on')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (honours NO_COLOR)')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`, `1GiB`). A larger input is an error in its place; the others are still read')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results: no summary line, no notes on stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'podlife;help' {
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check manifests: syntax, types, unknown fields, and the pod lifecycle rules')
            [CompletionResult]::new('resources', 'resources', [CompletionResultType]::ParameterValue, 'Effective requests and limits of each pod, its QoS class, and whether it fits a node')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Print kubectl''s NAME/READY/STATUS/RESTARTS/AGE columns for pods with a status')
            [CompletionResult]::new('observe', 'observe', [CompletionResultType]::ParameterValue, 'A real pod''s life from what kubectl printed: why it took so long, and how it differs from the model')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Simulate a pod''s lifecycle against a mock container runtime')
            [CompletionResult]::new('rollout', 'rollout', [CompletionResultType]::ParameterValue, 'Simulate a workload''s rolling update from the pod lifecycle model')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Print a rule''s documentation, or the whole rule reference with --all')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'List the rules: ID, name, default severity, whether enabled by default, summary')
            [CompletionResult]::new('example', 'example', [CompletionResultType]::ParameterValue, 'Print a built-in example manifest, or list them')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print shell completions')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (roff)')
            [CompletionResult]::new('server', 'server', [CompletionResultType]::ParameterValue, 'Run a Language Server over stdio, for editors (docs/editors.md)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'podlife;help;validate' {
            break
        }
        'podlife;help;resources' {
            break
        }
        'podlife;help;status' {
            break
        }
        'podlife;help;observe' {
            break
        }
        'podlife;help;simulate' {
            break
        }
        'podlife;help;rollout' {
            break
        }
        'podlife;help;explain' {
            break
        }
        'podlife;help;rules' {
            break
        }
        'podlife;help;example' {
            break
        }
        'podlife;help;completions' {
            break
        }
        'podlife;help;man' {
            break
        }
        'podlife;help;server' {
            break
        }
        'podlife;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
