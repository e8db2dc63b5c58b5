//! The `podlife` binary: parse arguments, run, exit with the code the run chose.
#![forbid(unsafe_code)]

/// Loading manifests allocates a node per YAML value and a string per field; mimalloc cuts the
/// allocator's share of the load time (measured in benches/load.rs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let cli = podlife::cli::parse::parse();
    std::process::ExitCode::from(podlife::run(&cli))
}
