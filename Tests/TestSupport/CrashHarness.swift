import Foundation

/// Runs a child process and kills it with SIGKILL at a chosen moment, collecting the lines it printed until then.
///
/// The child acknowledges each durable step on stdout with one `write(2)` (`ack N`) only after the step returned,
/// and announces the step it starts (`begin N`); a line in a pipe survives the child's death, so the parent knows
/// exactly what was acknowledged. `ready` marks the end of the child's start-up: kill delays count from there.
public enum CrashHarness {
    /// What one child run left behind.
    public struct Run: Sendable {
        /// Every line the child printed.
        public var lines: [String]
        /// Steps the child acknowledged (`ack N`).
        public var acknowledged: [Int]
        /// Steps the child started (`begin N`); the last one without an ack was in flight when it died.
        public var begun: [Int]
        /// The child died of a signal (ours, or its own SIGKILL at an exact I/O step).
        public var killed: Bool
        /// The exit status, or the signal number when `killed`.
        public var status: Int32
        public var standardError: String
        /// Time from `ready` to the child's end (nil without `ready`): the window in which kills hit its work.
        public var workDuration: TimeInterval?

        /// Started and never acknowledged: may or may not have been committed.
        public var inFlight: Set<Int> { Set(begun).subtracting(acknowledged) }
    }

    /// When to kill the child.
    public enum KillMoment: Sendable {
        var isAfterStart: Bool { if case .afterStart = self { true } else { false } }

        /// Never: let it finish (or kill itself).
        case never
        /// This many microseconds after it printed `ready`.
        case afterReady(microseconds: Int)
        /// This many microseconds after it started (for children that print no `ready`, such as `driverport`).
        case afterStart(microseconds: Int)
    }

    /// Runs `executable arguments` and kills it at `moment`. Without `ready`, `workDuration` is the whole run.
    ///
    /// - Throws: when the child cannot start, or does not finish within `timeout` (a hang).
    public static func run(
        _ executable: URL, _ arguments: [String], kill moment: KillMoment, environment: [String: String] = [:],
        timeout: TimeInterval = 60
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let collector = LineCollector()
        let errData = LockedData()
        let done = DispatchGroup()
        done.enter()
        DispatchQueue.global().async {
            let handle = out.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                collector.append(chunk)
            }
            collector.finish()
            done.leave()
        }
        done.enter()
        DispatchQueue.global().async {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            done.leave()
        }
        try process.run()
        let started = Date()
        switch moment {
        case .never: break
        case .afterReady(let microseconds):
            if collector.waitForReady(timeout: timeout) {
                if microseconds > 0 { usleep(useconds_t(microseconds)) }
                Foundation.kill(process.processIdentifier, SIGKILL)
            }
        case .afterStart(let microseconds):
            if microseconds > 0 { usleep(useconds_t(microseconds)) }
            Foundation.kill(process.processIdentifier, SIGKILL)
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            Foundation.kill(process.processIdentifier, SIGKILL)
            throw HangError(arguments: arguments, lines: collector.lines)
        }
        process.waitUntilExit()
        let lines = collector.lines
        func numbers(_ prefix: String) -> [Int] {
            lines.compactMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil }
        }
        return Run(
            lines: lines, acknowledged: numbers("ack "), begun: numbers("begin "),
            killed: process.terminationReason == .uncaughtSignal, status: process.terminationStatus,
            standardError: String(decoding: errData.get(), as: UTF8.self),
            workDuration: collector.workDuration ?? (moment.isAfterStart ? nil : Date().timeIntervalSince(started))
        )
    }

    /// The child did not finish in time.
    public struct HangError: Error, CustomStringConvertible {
        public let arguments: [String]
        public let lines: [String]
        public var description: String { "child hung: \(arguments.joined(separator: " ")); last lines: \(lines.suffix(3))" }
    }
}

/// Lines read from a child's stdout on one thread while another waits for `ready`.
final class LineCollector: @unchecked Sendable {
    // @unchecked: `condition` guards `buffer`, `collected` and `ready`.
    private let condition = NSCondition()
    private var buffer = Data()
    private var collected: [String] = []
    private var ready = false
    private var finished = false
    private var readyAt: Date?
    private var finishedAt: Date?

    func append(_ data: Data) {
        condition.lock()
        buffer.append(data)
        while let newline = buffer.firstIndex(of: 0x0A) {
            let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
            buffer.removeSubrange(buffer.startIndex...newline)
            collected.append(line)
            if line == "ready" {
                ready = true
                readyAt = Date()
            }
        }
        condition.broadcast()
        condition.unlock()
    }

    /// The child closed its stdout (it exited).
    func finish() {
        condition.lock()
        finished = true
        finishedAt = Date()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the child printed `ready`; false on timeout or when it exited without.
    func waitForReady(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !ready {
            if finished || !condition.wait(until: deadline) { return false }
        }
        return true
    }

    /// Seconds from `ready` to the end of the child's output.
    var workDuration: TimeInterval? {
        condition.lock()
        defer { condition.unlock() }
        guard let readyAt, let finishedAt else { return nil }
        return finishedAt.timeIntervalSince(readyAt)
    }

    var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return collected
    }
}
