import DriverPortCLI
import Foundation

/// What `driverport-test-hooks` does at the points a command reaches (``DriverPortCLI/CommandHooks/Point``, named
/// as its `description` says: `copying`, `mainMoved`, `applied:15`, ...), from the options before the command.
struct TestHookOptions: Sendable {
    /// SIGKILL itself at this point (no clean-up, as a crash).
    var killAt: String?
    /// SIGSTOP itself at this point, so the test sees it stop (`waitpid`) and kills it exactly there.
    var stopAt: String?
    /// Write `paused at POINT` to stderr and sleep until killed.
    var pauseAt: String?
    /// At every point, write `reached POINT` to stderr and sleep this long (at most 10 s), so random kills land
    /// mid-way and the test can count its delay from the first point.
    var delayMicroseconds: UInt32 = 0

    static let usage = """
        usage: driverport-test-hooks [--kill-at POINT] [--stop-at POINT] [--pause-at POINT] [--delay-ms N] \
        COMMAND [ARGUMENTS]
        """

    /// The options, and the `driverport` words after them; `nil` on a usage error.
    static func parse(_ words: [String]) -> (options: TestHookOptions, command: [String])? {
        var options = TestHookOptions()
        var rest = words[...]
        while let word = rest.first, ["--kill-at", "--stop-at", "--pause-at", "--delay-ms"].contains(word) {
            rest = rest.dropFirst()
            guard let value = rest.first, !value.isEmpty else { return nil }
            rest = rest.dropFirst()
            switch word {
            case "--kill-at": options.killAt = value
            case "--stop-at": options.stopAt = value
            case "--pause-at": options.pauseAt = value
            default:
                guard let milliseconds = UInt32(value) else { return nil }
                options.delayMicroseconds = min(milliseconds, 10_000) * 1000
            }
        }
        return (options, Array(rest))
    }

    /// The hooks that do what the options say.
    var hooks: CommandHooks {
        let options = self
        return CommandHooks { point in
            let name = point.description
            if options.delayMicroseconds > 0 {
                FileHandle.standardError.write(Data("reached \(name)\n".utf8))
                usleep(options.delayMicroseconds)
            }
            if name == options.killAt { kill(getpid(), SIGKILL) }
            if name == options.stopAt { raise(SIGSTOP) }
            if name == options.pauseAt {
                FileHandle.standardError.write(Data("paused at \(name)\n".utf8))
                while true { sleep(60) }
            }
        }
    }
}
