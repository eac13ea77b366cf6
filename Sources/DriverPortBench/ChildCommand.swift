import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of a `driverport` command in a child process: wall time, the child's own CPU time as the kernel accounts
/// it (`wait4`'s resource usage), and its peak resident memory as the child reports it (`VmHWM`, on the
/// `driverport: peak resident memory: N bytes` line `DRIVERPORT_REPORT_PEAK_MEMORY=1` makes it write). Not `wait4`'s
/// `ru_maxrss`: Linux starts a child's figure at the resident peak of the memory it was exec'd from, which for a child
/// started by `posix_spawn` (a vfork) is the bench process's own peak, so every child of a bench that had loaded the
/// 1M fixture reported that. Used by the `diff` family, whose cases are whole commands as a user runs them.
struct ChildCommand {
    /// What the child did.
    struct Outcome {
        var status: Int32
        var standardOutput: Data
        var standardError: String
        /// User plus system CPU time of the child.
        var cpuSeconds: Double
        /// Peak resident memory of the child, in bytes, as it reported it; `nil` when it did not.
        var peakResidentBytes: Double?
    }

    /// The variable that makes `driverport` report its peak resident memory on standard error as it exits.
    static let peakMemoryVariable = "DRIVERPORT_REPORT_PEAK_MEMORY"

    /// The bytes on the last `driverport: peak resident memory: N bytes` line of `standardError`.
    static func peakResidentBytes(in standardError: String) -> Double? {
        let marker = "peak resident memory: "
        guard let range = standardError.range(of: marker, options: .backwards) else { return nil }
        return Double(standardError[range.upperBound...].prefix { $0.isNumber })
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
        var added = environment
        added[Self.peakMemoryVariable] = "1"
        let merged = ProcessInfo.processInfo.environment.merging(added) { _, new in new }
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
        let standardError = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Outcome(
            status: exitStatus, standardOutput: FileManager.default.contents(atPath: outputPath) ?? Data(),
            standardError: standardError, cpuSeconds: cpu, peakResidentBytes: Self.peakResidentBytes(in: standardError))
    }
}
