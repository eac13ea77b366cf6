import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of a `driverport` command in a child process, measured from outside: wall time, and the child's own CPU
/// time and peak resident memory as the kernel accounts them (`wait4`'s resource usage), so nothing the bench
/// process did before counts. Used by the `diff` family, whose cases are whole commands as a user runs them.
struct ChildCommand {
    /// What the child did.
    struct Outcome {
        var status: Int32
        var standardOutput: Data
        var standardError: String
        /// User plus system CPU time of the child.
        var cpuSeconds: Double
        /// Peak resident memory of the child, in bytes (`ru_maxrss`).
        var peakResidentBytes: Double
    }

    /// Why a child could not be measured.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let executable: URL
    let arguments: [String]
    /// Variables added to the bench process's environment (the passphrase goes here, never into `arguments`).
    let environment: [String: String]
    /// Where standard output and error go (`PATH.out`, `PATH.err`).
    let outputPrefix: String

    /// Starts the child, waits for it, and returns what it did; a start that fails throws.
    func run() throws -> Outcome {
        let outputPath = outputPrefix + ".out"
        let errorPath = outputPrefix + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard started == 0 else {
            throw Failure(description: "cannot start \(executable.path): \(String(cString: strerror(started)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 {
            guard errno == EINTR else { throw Failure(description: "wait4 failed: \(String(cString: strerror(errno)))") }
        }
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        let exitStatus: Int32 = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return Outcome(
            status: exitStatus, standardOutput: FileManager.default.contents(atPath: outputPath) ?? Data(),
            standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "",
            cpuSeconds: cpu, peakResidentBytes: Double(usage.ru_maxrss) * 1024)
    }
}
