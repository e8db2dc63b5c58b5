_podlife() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="podlife"
                ;;
            podlife,completions)
                cmd="podlife__subcmd__completions"
                ;;
            podlife,example)
                cmd="podlife__subcmd__example"
                ;;
            podlife,explain)
                cmd="podlife__subcmd__explain"
                ;;
            podlife,help)
                cmd="podlife__subcmd__help"
                ;;
            podlife,man)
                cmd="podlife__subcmd__man"
                ;;
            podlife,observe)
                cmd="podlife__subcmd__observe"
                ;;
            podlife,resources)
                cmd="podlife__subcmd__resources"
                ;;
            podlife,rollout)
                cmd="podlife__subcmd__rollout"
                ;;
            podlife,rules)
                cmd="podlife__subcmd__rules"
                ;;
            podlife,server)
                cmd="podlife__subcmd__server"
                ;;
            podlife,simulate)
                cmd="podlife__subcmd__simulate"
                ;;
            podlife,status)
                cmd="podlife__subcmd__status"
                ;;
            podlife,validate)
                cmd="podlife__subcmd__validate"
                ;;
            podlife__subcmd__help,completions)
                cmd="podlife__subcmd__help__subcmd__completions"
                ;;
            podlife__subcmd__help,example)
                cmd="podlife__subcmd__help__subcmd__example"
                ;;
            podlife__subcmd__help,explain)
                cmd="podlife__subcmd__help__subcmd__explain"
                ;;
            podlife__subcmd__help,help)
                cmd="podlife__subcmd__help__subcmd__help"
                ;;
            podlife__subcmd__help,man)
                cmd="podlife__subcmd__help__subcmd__man"
                ;;
            podlife__subcmd__help,observe)
                cmd="podlife__subcmd__help__subcmd__observe"
                ;;
            podlife__subcmd__help,resources)
                cmd="podlife__subcmd__help__subcmd__resources"
                ;;
            podlife__subcmd__help,rollout)
                cmd="podlife__subcmd__help__subcmd__rollout"
                ;;
            podlife__subcmd__help,rules)
                cmd="podlife__subcmd__help__subcmd__rules"
                ;;
            podlife__subcmd__help,server)
                cmd="podlife__subcmd__help__subcmd__server"
                ;;
            podlife__subcmd__help,simulate)
                cmd="podlife__subcmd__help__subcmd__simulate"
                ;;
            podlife__subcmd__help,status)
                cmd="podlife__subcmd__help__subcmd__status"
                ;;
            podlife__subcmd__help,validate)
                cmd="podlife__subcmd__help__subcmd__validate"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        podlife)
            opts="-q -h -V --color --quiet --max-input-size --help --version validate resources status observe simulate rollout explain rules example completions man server help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__completions)
            opts="-q -h --color --quiet --max-input-size --help bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__example)
            opts="-q -h --color --quiet --max-input-size --help init-containers sidecar defer-containers defer-statefulset defer-shutdown job rollout legacy-annotation"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__explain)
            opts="-q -h --all --color --quiet --max-input-size --help PL001 invalid-yaml PL002 duplicate-key PL003 input-too-complex PL004 not-an-object PL005 wrong-type PL006 unknown-field PL007 invalid-quantity PL008 no-containers PL009 container-name-required PL010 container-image-required PL011 no-objects PL012 unused-suppression PL013 unrendered-template PL014 unrendered-placeholder PL100 invalid-container-name PL101 duplicate-container-name PL102 invalid-image-pull-policy PL103 invalid-termination-message-policy PL104 invalid-restart-policy PL105 init-container-restart-policy PL106 app-container-restart-policy PL107 forbidden-init-container-field PL108 invalid-probe-handler PL109 invalid-probe-threshold PL110 probe-success-threshold PL111 readiness-probe-grace-period PL112 invalid-lifecycle-handler PL113 invalid-port PL114 duplicate-port-name PL115 host-port-conflict PL116 invalid-env-var-name PL117 undeclared-volume-mount PL118 duplicate-mount-path PL119 invalid-volume-mount PL120 invalid-resource-name PL121 negative-resource PL122 limit-below-request PL123 extended-resource-not-integral PL124 extended-resource-request-limit PL125 hugepages-without-cpu-or-memory PL126 hugepages-not-page-multiple PL127 invalid-resize-policy PL128 invalid-termination-grace-period PL129 invalid-active-deadline PL130 job-restart-policy PL131 deployment-restart-policy PL132 workload-active-deadline PL133 forbidden-ephemeral-container-field PL134 image-whitespace PL135 field-not-in-release PL136 field-dropped-by-feature-gate PL137 invalid-restart-policy-rules PL138 invalid-env-var-source PL139 invalid-env-from PL140 invalid-dns-config PL141 host-network-port-mismatch PL142 invalid-pod-reference-name PL143 unknown-target-container PL144 invalid-stop-signal PL145 invalid-pod-os PL146 invalid-resource-claim PL147 pod-resources-below-containers PL148 invalid-security-context PL149 invalid-sysctl PL150 field-forbidden-for-pod-os PL151 invalid-volume-device PL152 invalid-host-process-pod PL153 invalid-volume PL154 invalid-readiness-gate PL155 invalid-scheduling-gate PL160 invalid-recursive-read-only PL170 invalid-toleration PL171 invalid-node-affinity PL172 invalid-pod-affinity PL173 invalid-host-alias PL174 invalid-topology-spread PL175 invalid-seccomp-annotation PL176 seccomp-annotation-mismatch PL177 invalid-preemption-policy PL178 invalid-workload-spec PL179 invalid-workload-selector PL180 invalid-cronjob-spec PL181 invalid-job-spec PL182 invalid-pod-failure-policy PL183 invalid-success-policy PL184 invalid-object-metadata PL185 set-by-admission PL200 defer-container-restart-policy PL201 defer-container-forbidden-field PL202 invalid-defer-trigger PL203 invalid-defer-grace-period-extension PL204 conflicting-defer-grace-period-extensions PL205 defer-extension-without-liveness-probe PL206 unused-defer-settings PL207 legacy-init-containers-annotation PL208 legacy-init-containers-conflict PL209 invalid-initializer-name PL210 pending-initializers PL300 sidecar-without-startup-probe PL301 termination-work-exceeds-grace-period PL302 zero-grace-period-with-termination-work PL303 active-deadline-with-restart-always PL304 active-deadline-shorter-than-startup PL305 liveness-probe-kills-slow-start PL306 identical-liveness-and-readiness-probes PL307 init-container-decides-requests PL308 container-lowers-qos-class PL309 liveness-kill-cuts-pre-stop PL310 never-restart-with-init-containers PL311 mutable-image-tag-with-if-not-present PL312 probe-port-not-declared PL313 probe-timeout-exceeds-period PL314 never-ending-container-in-job PL400 privileged-container PL401 privilege-escalation-allowed PL402 run-as-root-allowed PL403 low-user-id PL404 writable-root-filesystem PL405 capabilities-not-dropped PL406 dangerous-capability-added PL407 seccomp-not-restricted PL408 apparmor-unconfined PL409 host-network PL410 host-pid PL411 host-ipc PL412 host-port PL413 host-path-volume PL414 docker-socket-mount PL415 sensitive-host-mount PL416 service-account-token-automounted PL417 default-service-account PL418 secret-in-env-value PL419 ssh-port-exposed PL420 unsafe-proc-mount PL421 unsafe-sysctl PL422 deprecated-service-account-field PL423 privileged-port PL424 secret-as-env-var PL425 writable-host-mount PL426 host-process-container PL430 missing-readiness-probe PL431 missing-liveness-probe PL432 liveness-stricter-than-readiness PL433 liveness-probe-single-failure PL435 missing-cpu-request PL436 missing-memory-request PL437 missing-memory-limit PL438 cpu-limit-policy PL439 memory-limit-not-equal-request PL440 missing-ephemeral-storage PL441 image-tag-not-pinned PL442 image-pull-policy-not-always PL443 image-registry-not-allowed PL445 no-pod-anti-affinity PL446 no-topology-spread PL447 missing-pod-disruption-budget PL448 missing-priority-class PL449 selector-mismatch PL450 duplicate-env-var PL451 single-replica PL500 pod-security-app-armor-profile PL501 pod-security-capabilities-baseline PL502 pod-security-host-namespaces PL503 pod-security-host-path-volumes PL504 pod-security-host-ports PL505 pod-security-host-probes-and-lifecycle PL506 pod-security-privileged PL507 pod-security-proc-mount PL508 pod-security-selinux-options PL509 pod-security-seccomp-profile-baseline PL510 pod-security-sysctls PL511 pod-security-windows-host-process PL520 pod-security-allow-privilege-escalation PL521 pod-security-capabilities-restricted PL522 pod-security-proc-mount-restricted PL523 pod-security-restricted-volumes PL524 pod-security-run-as-non-root PL525 pod-security-run-as-user PL526 pod-security-seccomp-profile-restricted PL530 invalid-pod-security-label PL531 exempt-namespace-labels loader api-validation seed-features lifecycle best-practice pod-security"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help)
            opts="validate resources status observe simulate rollout explain rules example completions man server help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__example)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__explain)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__man)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__observe)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__resources)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__rollout)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__rules)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__server)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__simulate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__help__subcmd__validate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__man)
            opts="-q -h --out --color --quiet --max-input-size --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__observe)
            opts="-f -o -q -h --filename --stdin-filename --hidden --no-ignore --exclude --config --no-config --no-force-exclude --events --now --pod --format --output --svg --compare --scenario --jitter --expect --emit-scenario --color --quiet --max-input-size --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --events)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --now)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                --svg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scenario)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jitter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expect)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --emit-scenario)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__resources)
            opts="-f -o -q -h --filename --stdin-filename --hidden --no-ignore --exclude --config --no-config --no-force-exclude --output --format --no-defaulting --kubernetes-version --feature-gates --pod-security --exclude-overhead --allow-invalid --node --color --quiet --max-input-size --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubernetes-version)
                    COMPREPLY=($(compgen -W "1.37 1.36 1.35 1.34 1.33 1.32 1.31 1.30 1.29" -- "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -W "SidecarContainers=true SidecarContainers=false InPlacePodVerticalScaling=true InPlacePodVerticalScaling=false PodLevelResources=true PodLevelResources=false ContainerRestartRules=true ContainerRestartRules=false PodLifecycleSleepAction=true PodLifecycleSleepAction=false PodLifecycleSleepActionAllowZero=true PodLifecycleSleepActionAllowZero=false KubeletCrashLoopBackOffMax=true KubeletCrashLoopBackOffMax=false ReduceDefaultCrashLoopBackOffDecay=true ReduceDefaultCrashLoopBackOffDecay=false RelaxedEnvironmentVariableValidation=true RelaxedEnvironmentVariableValidation=false EnvFiles=true EnvFiles=false ContainerStopSignals=true ContainerStopSignals=false HostnameOverride=true HostnameOverride=false RelaxedDNSSearchValidation=true RelaxedDNSSearchValidation=false RestartAllContainersOnContainerExits=true RestartAllContainersOnContainerExits=false DynamicResourceAllocation=true DynamicResourceAllocation=false UserNamespacesSupport=true UserNamespacesSupport=false SupplementalGroupsPolicy=true SupplementalGroupsPolicy=false ProcMountType=true ProcMountType=false RecursiveReadOnlyMounts=true RecursiveReadOnlyMounts=false SELinuxChangePolicy=true SELinuxChangePolicy=false ImageVolume=true ImageVolume=false SELinuxMount=true SELinuxMount=false PodSchedulingReadiness=true PodSchedulingReadiness=false MatchLabelKeysInPodAffinity=true MatchLabelKeysInPodAffinity=false MatchLabelKeysInPodTopologySpreadSelectorMerge=true MatchLabelKeysInPodTopologySpreadSelectorMerge=false ClusterTrustBundleProjection=true ClusterTrustBundleProjection=false PodCertificateRequest=true PodCertificateRequest=false MinDomainsInPodTopologySpread=true MinDomainsInPodTopologySpread=false NodeInclusionPolicyInPodTopologySpread=true NodeInclusionPolicyInPodTopologySpread=false MatchLabelKeysInPodTopologySpread=true MatchLabelKeysInPodTopologySpread=false MaxUnavailableStatefulSet=true MaxUnavailableStatefulSet=false JobPodFailurePolicy=true JobPodFailurePolicy=false JobBackoffLimitPerIndex=true JobBackoffLimitPerIndex=false JobPodReplacementPolicy=true JobPodReplacementPolicy=false JobSuccessPolicy=true JobSuccessPolicy=false JobManagedBy=true JobManagedBy=false StrictIPCIDRValidation=true StrictIPCIDRValidation=false TaintTolerationComparisonOperators=true TaintTolerationComparisonOperators=false" -- "${cur}"))
                    return 0
                    ;;
                --pod-security)
                    COMPREPLY=($(compgen -W "privileged baseline restricted privileged:latest privileged:v1.37 privileged:v1.36 privileged:v1.35 privileged:v1.34 privileged:v1.33 privileged:v1.32 privileged:v1.31 privileged:v1.30 privileged:v1.29 privileged:v1.28 privileged:v1.27 privileged:v1.26 privileged:v1.25 privileged:v1.24 privileged:v1.23 privileged:v1.22 privileged:v1.21 privileged:v1.20 privileged:v1.19 privileged:v1.18 privileged:v1.17 privileged:v1.16 privileged:v1.15 privileged:v1.14 privileged:v1.13 privileged:v1.12 privileged:v1.11 privileged:v1.10 privileged:v1.9 privileged:v1.8 privileged:v1.7 privileged:v1.6 privileged:v1.5 privileged:v1.4 privileged:v1.3 privileged:v1.2 privileged:v1.1 privileged:v1.0 baseline:latest baseline:v1.37 baseline:v1.36 baseline:v1.35 baseline:v1.34 baseline:v1.33 baseline:v1.32 baseline:v1.31 baseline:v1.30 baseline:v1.29 baseline:v1.28 baseline:v1.27 baseline:v1.26 baseline:v1.25 baseline:v1.24 baseline:v1.23 baseline:v1.22 baseline:v1.21 baseline:v1.20 baseline:v1.19 baseline:v1.18 baseline:v1.17 baseline:v1.16 baseline:v1.15 baseline:v1.14 baseline:v1.13 baseline:v1.12 baseline:v1.11 baseline:v1.10 baseline:v1.9 baseline:v1.8 baseline:v1.7 baseline:v1.6 baseline:v1.5 baseline:v1.4 baseline:v1.3 baseline:v1.2 baseline:v1.1 baseline:v1.0 restricted:latest restricted:v1.37 restricted:v1.36 restricted:v1.35 restricted:v1.34 restricted:v1.33 restricted:v1.32 restricted:v1.31 restricted:v1.30 restricted:v1.29 restricted:v1.28 restricted:v1.27 restricted:v1.26 restricted:v1.25 restricted:v1.24 restricted:v1.23 restricted:v1.22 restricted:v1.21 restricted:v1.20 restricted:v1.19 restricted:v1.18 restricted:v1.17 restricted:v1.16 restricted:v1.15 restricted:v1.14 restricted:v1.13 restricted:v1.12 restricted:v1.11 restricted:v1.10 restricted:v1.9 restricted:v1.8 restricted:v1.7 restricted:v1.6 restricted:v1.5 restricted:v1.4 restricted:v1.3 restricted:v1.2 restricted:v1.1 restricted:v1.0 warn=privileged warn=baseline warn=restricted audit=privileged audit=baseline audit=restricted enforce=privileged enforce=baseline enforce=restricted" -- "${cur}"))
                    return 0
                    ;;
                --node)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__rollout)
            opts="-f -o -q -h --filename --stdin-filename --hidden --no-ignore --exclude --config --no-config --no-force-exclude --kubernetes-version --feature-gates --pod-security --example --from --pod --replicas --nodes --scenario --fail --run --stop --seed --jitter --until --latency --max-events --allow-invalid --runs --expect --svg --output --format --color --quiet --max-input-size --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kubernetes-version)
                    COMPREPLY=($(compgen -W "1.37 1.36 1.35 1.34 1.33 1.32 1.31 1.30 1.29" -- "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -W "SidecarContainers=true SidecarContainers=false InPlacePodVerticalScaling=true InPlacePodVerticalScaling=false PodLevelResources=true PodLevelResources=false ContainerRestartRules=true ContainerRestartRules=false PodLifecycleSleepAction=true PodLifecycleSleepAction=false PodLifecycleSleepActionAllowZero=true PodLifecycleSleepActionAllowZero=false KubeletCrashLoopBackOffMax=true KubeletCrashLoopBackOffMax=false ReduceDefaultCrashLoopBackOffDecay=true ReduceDefaultCrashLoopBackOffDecay=false RelaxedEnvironmentVariableValidation=true RelaxedEnvironmentVariableValidation=false EnvFiles=true EnvFiles=false ContainerStopSignals=true ContainerStopSignals=false HostnameOverride=true HostnameOverride=false RelaxedDNSSearchValidation=true RelaxedDNSSearchValidation=false RestartAllContainersOnContainerExits=true RestartAllContainersOnContainerExits=false DynamicResourceAllocation=true DynamicResourceAllocation=false UserNamespacesSupport=true UserNamespacesSupport=false SupplementalGroupsPolicy=true SupplementalGroupsPolicy=false ProcMountType=true ProcMountType=false RecursiveReadOnlyMounts=true RecursiveReadOnlyMounts=false SELinuxChangePolicy=true SELinuxChangePolicy=false ImageVolume=true ImageVolume=false SELinuxMount=true SELinuxMount=false PodSchedulingReadiness=true PodSchedulingReadiness=false MatchLabelKeysInPodAffinity=true MatchLabelKeysInPodAffinity=false MatchLabelKeysInPodTopologySpreadSelectorMerge=true MatchLabelKeysInPodTopologySpreadSelectorMerge=false ClusterTrustBundleProjection=true ClusterTrustBundleProjection=false PodCertificateRequest=true PodCertificateRequest=false MinDomainsInPodTopologySpread=true MinDomainsInPodTopologySpread=false NodeInclusionPolicyInPodTopologySpread=true NodeInclusionPolicyInPodTopologySpread=false MatchLabelKeysInPodTopologySpread=true MatchLabelKeysInPodTopologySpread=false MaxUnavailableStatefulSet=true MaxUnavailableStatefulSet=false JobPodFailurePolicy=true JobPodFailurePolicy=false JobBackoffLimitPerIndex=true JobBackoffLimitPerIndex=false JobPodReplacementPolicy=true JobPodReplacementPolicy=false JobSuccessPolicy=true JobSuccessPolicy=false JobManagedBy=true JobManagedBy=false StrictIPCIDRValidation=true StrictIPCIDRValidation=false TaintTolerationComparisonOperators=true TaintTolerationComparisonOperators=false" -- "${cur}"))
                    return 0
                    ;;
                --pod-security)
                    COMPREPLY=($(compgen -W "privileged baseline restricted privileged:latest privileged:v1.37 privileged:v1.36 privileged:v1.35 privileged:v1.34 privileged:v1.33 privileged:v1.32 privileged:v1.31 privileged:v1.30 privileged:v1.29 privileged:v1.28 privileged:v1.27 privileged:v1.26 privileged:v1.25 privileged:v1.24 privileged:v1.23 privileged:v1.22 privileged:v1.21 privileged:v1.20 privileged:v1.19 privileged:v1.18 privileged:v1.17 privileged:v1.16 privileged:v1.15 privileged:v1.14 privileged:v1.13 privileged:v1.12 privileged:v1.11 privileged:v1.10 privileged:v1.9 privileged:v1.8 privileged:v1.7 privileged:v1.6 privileged:v1.5 privileged:v1.4 privileged:v1.3 privileged:v1.2 privileged:v1.1 privileged:v1.0 baseline:latest baseline:v1.37 baseline:v1.36 baseline:v1.35 baseline:v1.34 baseline:v1.33 baseline:v1.32 baseline:v1.31 baseline:v1.30 baseline:v1.29 baseline:v1.28 baseline:v1.27 baseline:v1.26 baseline:v1.25 baseline:v1.24 baseline:v1.23 baseline:v1.22 baseline:v1.21 baseline:v1.20 baseline:v1.19 baseline:v1.18 baseline:v1.17 baseline:v1.16 baseline:v1.15 baseline:v1.14 baseline:v1.13 baseline:v1.12 baseline:v1.11 baseline:v1.10 baseline:v1.9 baseline:v1.8 baseline:v1.7 baseline:v1.6 baseline:v1.5 baseline:v1.4 baseline:v1.3 baseline:v1.2 baseline:v1.1 baseline:v1.0 restricted:latest restricted:v1.37 restricted:v1.36 restricted:v1.35 restricted:v1.34 restricted:v1.33 restricted:v1.32 restricted:v1.31 restricted:v1.30 restricted:v1.29 restricted:v1.28 restricted:v1.27 restricted:v1.26 restricted:v1.25 restricted:v1.24 restricted:v1.23 restricted:v1.22 restricted:v1.21 restricted:v1.20 restricted:v1.19 restricted:v1.18 restricted:v1.17 restricted:v1.16 restricted:v1.15 restricted:v1.14 restricted:v1.13 restricted:v1.12 restricted:v1.11 restricted:v1.10 restricted:v1.9 restricted:v1.8 restricted:v1.7 restricted:v1.6 restricted:v1.5 restricted:v1.4 restricted:v1.3 restricted:v1.2 restricted:v1.1 restricted:v1.0 warn=privileged warn=baseline warn=restricted audit=privileged audit=baseline audit=restricted enforce=privileged enforce=baseline enforce=restricted" -- "${cur}"))
                    return 0
                    ;;
                --example)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --replicas)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --nodes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scenario)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fail)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --run)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stop)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jitter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --latency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-events)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --runs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expect)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --svg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__rules)
            opts="-o -q -h --output --format --gates --kubernetes-version --color --quiet --max-input-size --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubernetes-version)
                    COMPREPLY=($(compgen -W "1.37 1.36 1.35 1.34 1.33 1.32 1.31 1.30 1.29" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__server)
            opts="-q -h --max-message-size --color --quiet --max-input-size --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-message-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__simulate)
            opts="-f -o -q -h --filename --stdin-filename --hidden --no-ignore --exclude --config --no-config --no-force-exclude --kubernetes-version --feature-gates --pod-security --example --fail --run --until --max-events --allow-invalid --scenario --seed --jitter --delete-at --grace-period --force --stop --expect --watch --timeline --trace --output --format --pod --runs --sweep --keep-worst --metric --all-metrics --explore --faults --skip-fault --svg --color --quiet --max-input-size --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kubernetes-version)
                    COMPREPLY=($(compgen -W "1.37 1.36 1.35 1.34 1.33 1.32 1.31 1.30 1.29" -- "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -W "SidecarContainers=true SidecarContainers=false InPlacePodVerticalScaling=true InPlacePodVerticalScaling=false PodLevelResources=true PodLevelResources=false ContainerRestartRules=true ContainerRestartRules=false PodLifecycleSleepAction=true PodLifecycleSleepAction=false PodLifecycleSleepActionAllowZero=true PodLifecycleSleepActionAllowZero=false KubeletCrashLoopBackOffMax=true KubeletCrashLoopBackOffMax=false ReduceDefaultCrashLoopBackOffDecay=true ReduceDefaultCrashLoopBackOffDecay=false RelaxedEnvironmentVariableValidation=true RelaxedEnvironmentVariableValidation=false EnvFiles=true EnvFiles=false ContainerStopSignals=true ContainerStopSignals=false HostnameOverride=true HostnameOverride=false RelaxedDNSSearchValidation=true RelaxedDNSSearchValidation=false RestartAllContainersOnContainerExits=true RestartAllContainersOnContainerExits=false DynamicResourceAllocation=true DynamicResourceAllocation=false UserNamespacesSupport=true UserNamespacesSupport=false SupplementalGroupsPolicy=true SupplementalGroupsPolicy=false ProcMountType=true ProcMountType=false RecursiveReadOnlyMounts=true RecursiveReadOnlyMounts=false SELinuxChangePolicy=true SELinuxChangePolicy=false ImageVolume=true ImageVolume=false SELinuxMount=true SELinuxMount=false PodSchedulingReadiness=true PodSchedulingReadiness=false MatchLabelKeysInPodAffinity=true MatchLabelKeysInPodAffinity=false MatchLabelKeysInPodTopologySpreadSelectorMerge=true MatchLabelKeysInPodTopologySpreadSelectorMerge=false ClusterTrustBundleProjection=true ClusterTrustBundleProjection=false PodCertificateRequest=true PodCertificateRequest=false MinDomainsInPodTopologySpread=true MinDomainsInPodTopologySpread=false NodeInclusionPolicyInPodTopologySpread=true NodeInclusionPolicyInPodTopologySpread=false MatchLabelKeysInPodTopologySpread=true MatchLabelKeysInPodTopologySpread=false MaxUnavailableStatefulSet=true MaxUnavailableStatefulSet=false JobPodFailurePolicy=true JobPodFailurePolicy=false JobBackoffLimitPerIndex=true JobBackoffLimitPerIndex=false JobPodReplacementPolicy=true JobPodReplacementPolicy=false JobSuccessPolicy=true JobSuccessPolicy=false JobManagedBy=true JobManagedBy=false StrictIPCIDRValidation=true StrictIPCIDRValidation=false TaintTolerationComparisonOperators=true TaintTolerationComparisonOperators=false" -- "${cur}"))
                    return 0
                    ;;
                --pod-security)
                    COMPREPLY=($(compgen -W "privileged baseline restricted privileged:latest privileged:v1.37 privileged:v1.36 privileged:v1.35 privileged:v1.34 privileged:v1.33 privileged:v1.32 privileged:v1.31 privileged:v1.30 privileged:v1.29 privileged:v1.28 privileged:v1.27 privileged:v1.26 privileged:v1.25 privileged:v1.24 privileged:v1.23 privileged:v1.22 privileged:v1.21 privileged:v1.20 privileged:v1.19 privileged:v1.18 privileged:v1.17 privileged:v1.16 privileged:v1.15 privileged:v1.14 privileged:v1.13 privileged:v1.12 privileged:v1.11 privileged:v1.10 privileged:v1.9 privileged:v1.8 privileged:v1.7 privileged:v1.6 privileged:v1.5 privileged:v1.4 privileged:v1.3 privileged:v1.2 privileged:v1.1 privileged:v1.0 baseline:latest baseline:v1.37 baseline:v1.36 baseline:v1.35 baseline:v1.34 baseline:v1.33 baseline:v1.32 baseline:v1.31 baseline:v1.30 baseline:v1.29 baseline:v1.28 baseline:v1.27 baseline:v1.26 baseline:v1.25 baseline:v1.24 baseline:v1.23 baseline:v1.22 baseline:v1.21 baseline:v1.20 baseline:v1.19 baseline:v1.18 baseline:v1.17 baseline:v1.16 baseline:v1.15 baseline:v1.14 baseline:v1.13 baseline:v1.12 baseline:v1.11 baseline:v1.10 baseline:v1.9 baseline:v1.8 baseline:v1.7 baseline:v1.6 baseline:v1.5 baseline:v1.4 baseline:v1.3 baseline:v1.2 baseline:v1.1 baseline:v1.0 restricted:latest restricted:v1.37 restricted:v1.36 restricted:v1.35 restricted:v1.34 restricted:v1.33 restricted:v1.32 restricted:v1.31 restricted:v1.30 restricted:v1.29 restricted:v1.28 restricted:v1.27 restricted:v1.26 restricted:v1.25 restricted:v1.24 restricted:v1.23 restricted:v1.22 restricted:v1.21 restricted:v1.20 restricted:v1.19 restricted:v1.18 restricted:v1.17 restricted:v1.16 restricted:v1.15 restricted:v1.14 restricted:v1.13 restricted:v1.12 restricted:v1.11 restricted:v1.10 restricted:v1.9 restricted:v1.8 restricted:v1.7 restricted:v1.6 restricted:v1.5 restricted:v1.4 restricted:v1.3 restricted:v1.2 restricted:v1.1 restricted:v1.0 warn=privileged warn=baseline warn=restricted audit=privileged audit=baseline audit=restricted enforce=privileged enforce=baseline enforce=restricted" -- "${cur}"))
                    return 0
                    ;;
                --example)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fail)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --run)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-events)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scenario)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jitter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delete-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stop)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expect)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                --pod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --runs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sweep)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-worst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --metric)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --faults)
                    COMPREPLY=($(compgen -W "transient permanent all" -- "${cur}"))
                    return 0
                    ;;
                --skip-fault)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --svg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__status)
            opts="-f -o -q -h --filename --stdin-filename --hidden --no-ignore --exclude --config --no-config --no-force-exclude --now --output --format --color --quiet --max-input-size --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --now)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json yaml" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        podlife__subcmd__validate)
            opts="-f -o -q -h --filename --stdin-filename --hidden --no-ignore --exclude --config --no-config --no-force-exclude --kubernetes-version --feature-gates --pod-security --output --format --no-defaulting --select --extend-select --ignore --severity --strict-initialized --fail-on --exit-zero --statistics --fix --unsafe-fixes --diff --add-ignore --show-settings --color --quiet --max-input-size --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kubernetes-version)
                    COMPREPLY=($(compgen -W "1.37 1.36 1.35 1.34 1.33 1.32 1.31 1.30 1.29" -- "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -W "SidecarContainers=true SidecarContainers=false InPlacePodVerticalScaling=true InPlacePodVerticalScaling=false PodLevelResources=true PodLevelResources=false ContainerRestartRules=true ContainerRestartRules=false PodLifecycleSleepAction=true PodLifecycleSleepAction=false PodLifecycleSleepActionAllowZero=true PodLifecycleSleepActionAllowZero=false KubeletCrashLoopBackOffMax=true KubeletCrashLoopBackOffMax=false ReduceDefaultCrashLoopBackOffDecay=true ReduceDefaultCrashLoopBackOffDecay=false RelaxedEnvironmentVariableValidation=true RelaxedEnvironmentVariableValidation=false EnvFiles=true EnvFiles=false ContainerStopSignals=true ContainerStopSignals=false HostnameOverride=true HostnameOverride=false RelaxedDNSSearchValidation=true RelaxedDNSSearchValidation=false RestartAllContainersOnContainerExits=true RestartAllContainersOnContainerExits=false DynamicResourceAllocation=true DynamicResourceAllocation=false UserNamespacesSupport=true UserNamespacesSupport=false SupplementalGroupsPolicy=true SupplementalGroupsPolicy=false ProcMountType=true ProcMountType=false RecursiveReadOnlyMounts=true RecursiveReadOnlyMounts=false SELinuxChangePolicy=true SELinuxChangePolicy=false ImageVolume=true ImageVolume=false SELinuxMount=true SELinuxMount=false PodSchedulingReadiness=true PodSchedulingReadiness=false MatchLabelKeysInPodAffinity=true MatchLabelKeysInPodAffinity=false MatchLabelKeysInPodTopologySpreadSelectorMerge=true MatchLabelKeysInPodTopologySpreadSelectorMerge=false ClusterTrustBundleProjection=true ClusterTrustBundleProjection=false PodCertificateRequest=true PodCertificateRequest=false MinDomainsInPodTopologySpread=true MinDomainsInPodTopologySpread=false NodeInclusionPolicyInPodTopologySpread=true NodeInclusionPolicyInPodTopologySpread=false MatchLabelKeysInPodTopologySpread=true MatchLabelKeysInPodTopologySpread=false MaxUnavailableStatefulSet=true MaxUnavailableStatefulSet=false JobPodFailurePolicy=true JobPodFailurePolicy=false JobBackoffLimitPerIndex=true JobBackoffLimitPerIndex=false JobPodReplacementPolicy=true JobPodReplacementPolicy=false JobSuccessPolicy=true JobSuccessPolicy=false JobManagedBy=true JobManagedBy=false StrictIPCIDRValidation=true StrictIPCIDRValidation=false TaintTolerationComparisonOperators=true TaintTolerationComparisonOperators=false" -- "${cur}"))
                    return 0
                    ;;
                --pod-security)
                    COMPREPLY=($(compgen -W "privileged baseline restricted privileged:latest privileged:v1.37 privileged:v1.36 privileged:v1.35 privileged:v1.34 privileged:v1.33 privileged:v1.32 privileged:v1.31 privileged:v1.30 privileged:v1.29 privileged:v1.28 privileged:v1.27 privileged:v1.26 privileged:v1.25 privileged:v1.24 privileged:v1.23 privileged:v1.22 privileged:v1.21 privileged:v1.20 privileged:v1.19 privileged:v1.18 privileged:v1.17 privileged:v1.16 privileged:v1.15 privileged:v1.14 privileged:v1.13 privileged:v1.12 privileged:v1.11 privileged:v1.10 privileged:v1.9 privileged:v1.8 privileged:v1.7 privileged:v1.6 privileged:v1.5 privileged:v1.4 privileged:v1.3 privileged:v1.2 privileged:v1.1 privileged:v1.0 baseline:latest baseline:v1.37 baseline:v1.36 baseline:v1.35 baseline:v1.34 baseline:v1.33 baseline:v1.32 baseline:v1.31 baseline:v1.30 baseline:v1.29 baseline:v1.28 baseline:v1.27 baseline:v1.26 baseline:v1.25 baseline:v1.24 baseline:v1.23 baseline:v1.22 baseline:v1.21 baseline:v1.20 baseline:v1.19 baseline:v1.18 baseline:v1.17 baseline:v1.16 baseline:v1.15 baseline:v1.14 baseline:v1.13 baseline:v1.12 baseline:v1.11 baseline:v1.10 baseline:v1.9 baseline:v1.8 baseline:v1.7 baseline:v1.6 baseline:v1.5 baseline:v1.4 baseline:v1.3 baseline:v1.2 baseline:v1.1 baseline:v1.0 restricted:latest restricted:v1.37 restricted:v1.36 restricted:v1.35 restricted:v1.34 restricted:v1.33 restricted:v1.32 restricted:v1.31 restricted:v1.30 restricted:v1.29 restricted:v1.28 restricted:v1.27 restricted:v1.26 restricted:v1.25 restricted:v1.24 restricted:v1.23 restricted:v1.22 restricted:v1.21 restricted:v1.20 restricted:v1.19 restricted:v1.18 restricted:v1.17 restricted:v1.16 restricted:v1.15 restricted:v1.14 restricted:v1.13 restricted:v1.12 restricted:v1.11 restricted:v1.10 restricted:v1.9 restricted:v1.8 restricted:v1.7 restricted:v1.6 restricted:v1.5 restricted:v1.4 restricted:v1.3 restricted:v1.2 restricted:v1.1 restricted:v1.0 warn=privileged warn=baseline warn=restricted audit=privileged audit=baseline audit=restricted enforce=privileged enforce=baseline enforce=restricted" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human short json sarif github junit yaml" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "human short json sarif github junit yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "human short json sarif github junit yaml" -- "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "PL001 invalid-yaml PL002 duplicate-key PL003 input-too-complex PL004 not-an-object PL005 wrong-type PL006 unknown-field PL007 invalid-quantity PL008 no-containers PL009 container-name-required PL010 container-image-required PL011 no-objects PL012 unused-suppression PL013 unrendered-template PL014 unrendered-placeholder PL100 invalid-container-name PL101 duplicate-container-name PL102 invalid-image-pull-policy PL103 invalid-termination-message-policy PL104 invalid-restart-policy PL105 init-container-restart-policy PL106 app-container-restart-policy PL107 forbidden-init-container-field PL108 invalid-probe-handler PL109 invalid-probe-threshold PL110 probe-success-threshold PL111 readiness-probe-grace-period PL112 invalid-lifecycle-handler PL113 invalid-port PL114 duplicate-port-name PL115 host-port-conflict PL116 invalid-env-var-name PL117 undeclared-volume-mount PL118 duplicate-mount-path PL119 invalid-volume-mount PL120 invalid-resource-name PL121 negative-resource PL122 limit-below-request PL123 extended-resource-not-integral PL124 extended-resource-request-limit PL125 hugepages-without-cpu-or-memory PL126 hugepages-not-page-multiple PL127 invalid-resize-policy PL128 invalid-termination-grace-period PL129 invalid-active-deadline PL130 job-restart-policy PL131 deployment-restart-policy PL132 workload-active-deadline PL133 forbidden-ephemeral-container-field PL134 image-whitespace PL135 field-not-in-release PL136 field-dropped-by-feature-gate PL137 invalid-restart-policy-rules PL138 invalid-env-var-source PL139 invalid-env-from PL140 invalid-dns-config PL141 host-network-port-mismatch PL142 invalid-pod-reference-name PL143 unknown-target-container PL144 invalid-stop-signal PL145 invalid-pod-os PL146 invalid-resource-claim PL147 pod-resources-below-containers PL148 invalid-security-context PL149 invalid-sysctl PL150 field-forbidden-for-pod-os PL151 invalid-volume-device PL152 invalid-host-process-pod PL153 invalid-volume PL154 invalid-readiness-gate PL155 invalid-scheduling-gate PL160 invalid-recursive-read-only PL170 invalid-toleration PL171 invalid-node-affinity PL172 invalid-pod-affinity PL173 invalid-host-alias PL174 invalid-topology-spread PL175 invalid-seccomp-annotation PL176 seccomp-annotation-mismatch PL177 invalid-preemption-policy PL178 invalid-workload-spec PL179 invalid-workload-selector PL180 invalid-cronjob-spec PL181 invalid-job-spec PL182 invalid-pod-failure-policy PL183 invalid-success-policy PL184 invalid-object-metadata PL185 set-by-admission PL200 defer-container-restart-policy PL201 defer-container-forbidden-field PL202 invalid-defer-trigger PL203 invalid-defer-grace-period-extension PL204 conflicting-defer-grace-period-extensions PL205 defer-extension-without-liveness-probe PL206 unused-defer-settings PL207 legacy-init-containers-annotation PL208 legacy-init-containers-conflict PL209 invalid-initializer-name PL210 pending-initializers PL300 sidecar-without-startup-probe PL301 termination-work-exceeds-grace-period PL302 zero-grace-period-with-termination-work PL303 active-deadline-with-restart-always PL304 active-deadline-shorter-than-startup PL305 liveness-probe-kills-slow-start PL306 identical-liveness-and-readiness-probes PL307 init-container-decides-requests PL308 container-lowers-qos-class PL309 liveness-kill-cuts-pre-stop PL310 never-restart-with-init-containers PL311 mutable-image-tag-with-if-not-present PL312 probe-port-not-declared PL313 probe-timeout-exceeds-period PL314 never-ending-container-in-job PL400 privileged-container PL401 privilege-escalation-allowed PL402 run-as-root-allowed PL403 low-user-id PL404 writable-root-filesystem PL405 capabilities-not-dropped PL406 dangerous-capability-added PL407 seccomp-not-restricted PL408 apparmor-unconfined PL409 host-network PL410 host-pid PL411 host-ipc PL412 host-port PL413 host-path-volume PL414 docker-socket-mount PL415 sensitive-host-mount PL416 service-account-token-automounted PL417 default-service-account PL418 secret-in-env-value PL419 ssh-port-exposed PL420 unsafe-proc-mount PL421 unsafe-sysctl PL422 deprecated-service-account-field PL423 privileged-port PL424 secret-as-env-var PL425 writable-host-mount PL426 host-process-container PL430 missing-readiness-probe PL431 missing-liveness-probe PL432 liveness-stricter-than-readiness PL433 liveness-probe-single-failure PL435 missing-cpu-request PL436 missing-memory-request PL437 missing-memory-limit PL438 cpu-limit-policy PL439 memory-limit-not-equal-request PL440 missing-ephemeral-storage PL441 image-tag-not-pinned PL442 image-pull-policy-not-always PL443 image-registry-not-allowed PL445 no-pod-anti-affinity PL446 no-topology-spread PL447 missing-pod-disruption-budget PL448 missing-priority-class PL449 selector-mismatch PL450 duplicate-env-var PL451 single-replica PL500 pod-security-app-armor-profile PL501 pod-security-capabilities-baseline PL502 pod-security-host-namespaces PL503 pod-security-host-path-volumes PL504 pod-security-host-ports PL505 pod-security-host-probes-and-lifecycle PL506 pod-security-privileged PL507 pod-security-proc-mount PL508 pod-security-selinux-options PL509 pod-security-seccomp-profile-baseline PL510 pod-security-sysctls PL511 pod-security-windows-host-process PL520 pod-security-allow-privilege-escalation PL521 pod-security-capabilities-restricted PL522 pod-security-proc-mount-restricted PL523 pod-security-restricted-volumes PL524 pod-security-run-as-non-root PL525 pod-security-run-as-user PL526 pod-security-seccomp-profile-restricted PL530 invalid-pod-security-label PL531 exempt-namespace-labels loader api-validation seed-features lifecycle best-practice pod-security" -- "${cur}"))
                    return 0
                    ;;
                --extend-select)
                    COMPREPLY=($(compgen -W "PL001 invalid-yaml PL002 duplicate-key PL003 input-too-complex PL004 not-an-object PL005 wrong-type PL006 unknown-field PL007 invalid-quantity PL008 no-containers PL009 container-name-required PL010 container-image-required PL011 no-objects PL012 unused-suppression PL013 unrendered-template PL014 unrendered-placeholder PL100 invalid-container-name PL101 duplicate-container-name PL102 invalid-image-pull-policy PL103 invalid-termination-message-policy PL104 invalid-restart-policy PL105 init-container-restart-policy PL106 app-container-restart-policy PL107 forbidden-init-container-field PL108 invalid-probe-handler PL109 invalid-probe-threshold PL110 probe-success-threshold PL111 readiness-probe-grace-period PL112 invalid-lifecycle-handler PL113 invalid-port PL114 duplicate-port-name PL115 host-port-conflict PL116 invalid-env-var-name PL117 undeclared-volume-mount PL118 duplicate-mount-path PL119 invalid-volume-mount PL120 invalid-resource-name PL121 negative-resource PL122 limit-below-request PL123 extended-resource-not-integral PL124 extended-resource-request-limit PL125 hugepages-without-cpu-or-memory PL126 hugepages-not-page-multiple PL127 invalid-resize-policy PL128 invalid-termination-grace-period PL129 invalid-active-deadline PL130 job-restart-policy PL131 deployment-restart-policy PL132 workload-active-deadline PL133 forbidden-ephemeral-container-field PL134 image-whitespace PL135 field-not-in-release PL136 field-dropped-by-feature-gate PL137 invalid-restart-policy-rules PL138 invalid-env-var-source PL139 invalid-env-from PL140 invalid-dns-config PL141 host-network-port-mismatch PL142 invalid-pod-reference-name PL143 unknown-target-container PL144 invalid-stop-signal PL145 invalid-pod-os PL146 invalid-resource-claim PL147 pod-resources-below-containers PL148 invalid-security-context PL149 invalid-sysctl PL150 field-forbidden-for-pod-os PL151 invalid-volume-device PL152 invalid-host-process-pod PL153 invalid-volume PL154 invalid-readiness-gate PL155 invalid-scheduling-gate PL160 invalid-recursive-read-only PL170 invalid-toleration PL171 invalid-node-affinity PL172 invalid-pod-affinity PL173 invalid-host-alias PL174 invalid-topology-spread PL175 invalid-seccomp-annotation PL176 seccomp-annotation-mismatch PL177 invalid-preemption-policy PL178 invalid-workload-spec PL179 invalid-workload-selector PL180 invalid-cronjob-spec PL181 invalid-job-spec PL182 invalid-pod-failure-policy PL183 invalid-success-policy PL184 invalid-object-metadata PL185 set-by-admission PL200 defer-container-restart-policy PL201 defer-container-forbidden-field PL202 invalid-defer-trigger PL203 invalid-defer-grace-period-extension PL204 conflicting-defer-grace-period-extensions PL205 defer-extension-without-liveness-probe PL206 unused-defer-settings PL207 legacy-init-containers-annotation PL208 legacy-init-containers-conflict PL209 invalid-initializer-name PL210 pending-initializers PL300 sidecar-without-startup-probe PL301 termination-work-exceeds-grace-period PL302 zero-grace-period-with-termination-work PL303 active-deadline-with-restart-always PL304 active-deadline-shorter-than-startup PL305 liveness-probe-kills-slow-start PL306 identical-liveness-and-readiness-probes PL307 init-container-decides-requests PL308 container-lowers-qos-class PL309 liveness-kill-cuts-pre-stop PL310 never-restart-with-init-containers PL311 mutable-image-tag-with-if-not-present PL312 probe-port-not-declared PL313 probe-timeout-exceeds-period PL314 never-ending-container-in-job PL400 privileged-container PL401 privilege-escalation-allowed PL402 run-as-root-allowed PL403 low-user-id PL404 writable-root-filesystem PL405 capabilities-not-dropped PL406 dangerous-capability-added PL407 seccomp-not-restricted PL408 apparmor-unconfined PL409 host-network PL410 host-pid PL411 host-ipc PL412 host-port PL413 host-path-volume PL414 docker-socket-mount PL415 sensitive-host-mount PL416 service-account-token-automounted PL417 default-service-account PL418 secret-in-env-value PL419 ssh-port-exposed PL420 unsafe-proc-mount PL421 unsafe-sysctl PL422 deprecated-service-account-field PL423 privileged-port PL424 secret-as-env-var PL425 writable-host-mount PL426 host-process-container PL430 missing-readiness-probe PL431 missing-liveness-probe PL432 liveness-stricter-than-readiness PL433 liveness-probe-single-failure PL435 missing-cpu-request PL436 missing-memory-request PL437 missing-memory-limit PL438 cpu-limit-policy PL439 memory-limit-not-equal-request PL440 missing-ephemeral-storage PL441 image-tag-not-pinned PL442 image-pull-policy-not-always PL443 image-registry-not-allowed PL445 no-pod-anti-affinity PL446 no-topology-spread PL447 missing-pod-disruption-budget PL448 missing-priority-class PL449 selector-mismatch PL450 duplicate-env-var PL451 single-replica PL500 pod-security-app-armor-profile PL501 pod-security-capabilities-baseline PL502 pod-security-host-namespaces PL503 pod-security-host-path-volumes PL504 pod-security-host-ports PL505 pod-security-host-probes-and-lifecycle PL506 pod-security-privileged PL507 pod-security-proc-mount PL508 pod-security-selinux-options PL509 pod-security-seccomp-profile-baseline PL510 pod-security-sysctls PL511 pod-security-windows-host-process PL520 pod-security-allow-privilege-escalation PL521 pod-security-capabilities-restricted PL522 pod-security-proc-mount-restricted PL523 pod-security-restricted-volumes PL524 pod-security-run-as-non-root PL525 pod-security-run-as-user PL526 pod-security-seccomp-profile-restricted PL530 invalid-pod-security-label PL531 exempt-namespace-labels loader api-validation seed-features lifecycle best-practice pod-security" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "PL001 invalid-yaml PL002 duplicate-key PL003 input-too-complex PL004 not-an-object PL005 wrong-type PL006 unknown-field PL007 invalid-quantity PL008 no-containers PL009 container-name-required PL010 container-image-required PL011 no-objects PL012 unused-suppression PL013 unrendered-template PL014 unrendered-placeholder PL100 invalid-container-name PL101 duplicate-container-name PL102 invalid-image-pull-policy PL103 invalid-termination-message-policy PL104 invalid-restart-policy PL105 init-container-restart-policy PL106 app-container-restart-policy PL107 forbidden-init-container-field PL108 invalid-probe-handler PL109 invalid-probe-threshold PL110 probe-success-threshold PL111 readiness-probe-grace-period PL112 invalid-lifecycle-handler PL113 invalid-port PL114 duplicate-port-name PL115 host-port-conflict PL116 invalid-env-var-name PL117 undeclared-volume-mount PL118 duplicate-mount-path PL119 invalid-volume-mount PL120 invalid-resource-name PL121 negative-resource PL122 limit-below-request PL123 extended-resource-not-integral PL124 extended-resource-request-limit PL125 hugepages-without-cpu-or-memory PL126 hugepages-not-page-multiple PL127 invalid-resize-policy PL128 invalid-termination-grace-period PL129 invalid-active-deadline PL130 job-restart-policy PL131 deployment-restart-policy PL132 workload-active-deadline PL133 forbidden-ephemeral-container-field PL134 image-whitespace PL135 field-not-in-release PL136 field-dropped-by-feature-gate PL137 invalid-restart-policy-rules PL138 invalid-env-var-source PL139 invalid-env-from PL140 invalid-dns-config PL141 host-network-port-mismatch PL142 invalid-pod-reference-name PL143 unknown-target-container PL144 invalid-stop-signal PL145 invalid-pod-os PL146 invalid-resource-claim PL147 pod-resources-below-containers PL148 invalid-security-context PL149 invalid-sysctl PL150 field-forbidden-for-pod-os PL151 invalid-volume-device PL152 invalid-host-process-pod PL153 invalid-volume PL154 invalid-readiness-gate PL155 invalid-scheduling-gate PL160 invalid-recursive-read-only PL170 invalid-toleration PL171 invalid-node-affinity PL172 invalid-pod-affinity PL173 invalid-host-alias PL174 invalid-topology-spread PL175 invalid-seccomp-annotation PL176 seccomp-annotation-mismatch PL177 invalid-preemption-policy PL178 invalid-workload-spec PL179 invalid-workload-selector PL180 invalid-cronjob-spec PL181 invalid-job-spec PL182 invalid-pod-failure-policy PL183 invalid-success-policy PL184 invalid-object-metadata PL185 set-by-admission PL200 defer-container-restart-policy PL201 defer-container-forbidden-field PL202 invalid-defer-trigger PL203 invalid-defer-grace-period-extension PL204 conflicting-defer-grace-period-extensions PL205 defer-extension-without-liveness-probe PL206 unused-defer-settings PL207 legacy-init-containers-annotation PL208 legacy-init-containers-conflict PL209 invalid-initializer-name PL210 pending-initializers PL300 sidecar-without-startup-probe PL301 termination-work-exceeds-grace-period PL302 zero-grace-period-with-termination-work PL303 active-deadline-with-restart-always PL304 active-deadline-shorter-than-startup PL305 liveness-probe-kills-slow-start PL306 identical-liveness-and-readiness-probes PL307 init-container-decides-requests PL308 container-lowers-qos-class PL309 liveness-kill-cuts-pre-stop PL310 never-restart-with-init-containers PL311 mutable-image-tag-with-if-not-present PL312 probe-port-not-declared PL313 probe-timeout-exceeds-period PL314 never-ending-container-in-job PL400 privileged-container PL401 privilege-escalation-allowed PL402 run-as-root-allowed PL403 low-user-id PL404 writable-root-filesystem PL405 capabilities-not-dropped PL406 dangerous-capability-added PL407 seccomp-not-restricted PL408 apparmor-unconfined PL409 host-network PL410 host-pid PL411 host-ipc PL412 host-port PL413 host-path-volume PL414 docker-socket-mount PL415 sensitive-host-mount PL416 service-account-token-automounted PL417 default-service-account PL418 secret-in-env-value PL419 ssh-port-exposed PL420 unsafe-proc-mount PL421 unsafe-sysctl PL422 deprecated-service-account-field PL423 privileged-port PL424 secret-as-env-var PL425 writable-host-mount PL426 host-process-container PL430 missing-readiness-probe PL431 missing-liveness-probe PL432 liveness-stricter-than-readiness PL433 liveness-probe-single-failure PL435 missing-cpu-request PL436 missing-memory-request PL437 missing-memory-limit PL438 cpu-limit-policy PL439 memory-limit-not-equal-request PL440 missing-ephemeral-storage PL441 image-tag-not-pinned PL442 image-pull-policy-not-always PL443 image-registry-not-allowed PL445 no-pod-anti-affinity PL446 no-topology-spread PL447 missing-pod-disruption-budget PL448 missing-priority-class PL449 selector-mismatch PL450 duplicate-env-var PL451 single-replica PL500 pod-security-app-armor-profile PL501 pod-security-capabilities-baseline PL502 pod-security-host-namespaces PL503 pod-security-host-path-volumes PL504 pod-security-host-ports PL505 pod-security-host-probes-and-lifecycle PL506 pod-security-privileged PL507 pod-security-proc-mount PL508 pod-security-selinux-options PL509 pod-security-seccomp-profile-baseline PL510 pod-security-sysctls PL511 pod-security-windows-host-process PL520 pod-security-allow-privilege-escalation PL521 pod-security-capabilities-restricted PL522 pod-security-proc-mount-restricted PL523 pod-security-restricted-volumes PL524 pod-security-run-as-non-root PL525 pod-security-run-as-user PL526 pod-security-seccomp-profile-restricted PL530 invalid-pod-security-label PL531 exempt-namespace-labels loader api-validation seed-features lifecycle best-practice pod-security" -- "${cur}"))
                    return 0
                    ;;
                --severity)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fail-on)
                    COMPREPLY=($(compgen -W "error warning info" -- "${cur}"))
                    return 0
                    ;;
                --show-settings)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-input-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _podlife -o nosort -o bashdefault -o default podlife
else
    complete -F _podlife -o bashdefault -o default podlife
fi
