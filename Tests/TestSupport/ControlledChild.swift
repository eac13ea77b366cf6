import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process a crash test steers with signals: spawned with `posix_spawn`, watched with `waitpid`, so the
/// test sees the exact moment it stops itself (SIGSTOP) and can kill it (SIGKILL) there.
///
/// Foundation's `Process` reaps its own children by process id, so both can be used in one test process.
public final class ControlledChild {
    /// The child's process id.
    public let pid: pid_t
    /// The file that receives its standard output.
    public let outputPath: String
    /// The file that receives its standard error.
    public let errorPath: String
    private var reaped = false

    /// How the child is, as `waitpid` reports it.
    public enum Status: Sendable, Equatable {
        /// Stopped by a signal (it stopped itself at a pause point).
        case stopped
        /// Exited with this code.
        case exited(Int32)
        /// Killed by this signal.
        case signaled(Int32)
    }

    /// Spawn failed.
    public struct SpawnError: Error, CustomStringConvertible {
        public let code: Int32
        public var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    private init(pid: pid_t, outputPath: String, errorPath: String) {
        self.pid = pid
        self.outputPath = outputPath
        self.errorPath = errorPath
    }

    /// Starts `executable` with `arguments`, the test's environment plus `environment`, standard input from
    /// `/dev/null`, and standard output and error into `outputPath` and `outputPath + ".err"`.
    public static func spawn(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], outputPath: String
    ) throws -> ControlledChild {
        let errorPath = outputPath + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard rc == 0 else { throw SpawnError(code: rc) }
        return ControlledChild(pid: pid, outputPath: outputPath, errorPath: errorPath)
    }

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }

    /// Waits until the child stops or ends.
    public func waitUntilStoppedOrExited() -> Status {
        wait(options: WUNTRACED)
    }

    /// Waits until the child ends.
    public func waitUntilExited() -> Status {
        wait(options: 0)
    }

    /// Sends a signal.
    public func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// What the child wrote to standard output.
    public var standardOutput: String {
        (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// What the child wrote to standard error.
    public var standardError: String {
        (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    }

    private func wait(options: Int32) -> Status {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, options)
            if result == pid { break }
            if result == -1 && errno == EINTR { continue }
            reaped = true
            return .exited(-1)
        }
        if status & 0xFF == 0x7F { return .stopped }
        reaped = true
        if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
        return .signaled(status & 0x7F)
    }
}
