import Foundation
import Glibc

/// What a run is doing at one moment: an operation on one side, or a phase (`open`, `close`, `read-back`, ...).
/// With crash isolation the child reports each step before it starts, so a crash names where it happened.
struct HarnessStep: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The operation's position, for an operation.
    var index: Int?
    /// The operation's name, or the phase.
    var operation: String
    /// The side running it, when one side is.
    var side: String?

    init(index: Int, operation: String, side: String) {
        self.index = index
        self.operation = operation
        self.side = side
    }

    init(phase: String, side: String?) {
        index = nil
        operation = phase
        self.side = side
    }

    var description: String {
        (index.map { "#\($0) " } ?? "") + operation + (side.map { " on \($0)" } ?? "")
    }
}

/// What the child sends back, one JSON object per line: each step before it starts, then the outcome.
private enum ChildMessage: Codable {
    case step(HarnessStep)
    case finished([Mismatch])
    /// The harness could not run the scenario (``DifferentialError``'s description).
    case failed(String)
}

extension DifferentialHarness {
    /// ``execute(_:on:)`` in a child process (``isolatesCrashes``): the child runs the scenario on working copies the
    /// parent took and reports every step, then the mismatches; a child that dies of a signal, or exits without an
    /// outcome, becomes a ``Mismatch/Kind/crash`` mismatch.
    func executeIsolated(_ operations: [DifferentialOperation<Subject>], on file: String) throws -> [Mismatch] {
        let copies = try takeCopies(of: file, tracking: false)
        defer { giveBack(copies, of: file) }
        var channel: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard pipe(&channel) == 0 else { throw isolationFailure("pipe") }
        guard pipe(&errors) == 0 else {
            close(channel[0])
            close(channel[1])
            throw isolationFailure("pipe")
        }
        // Not inherited by anything the sides start.
        for descriptor in channel + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        // Buffered output would otherwise be written twice, once by each process.
        fflush(nil)
        let child = fork()
        if child == 0 {
            close(channel[0])
            close(errors[0])
            dup2(errors[1], STDERR_FILENO)
            runChild(operations, copies: copies, source: file, channel: channel[1])
        }
        close(channel[1])
        close(errors[1])
        guard child > 0 else {
            close(channel[0])
            close(errors[0])
            throw isolationFailure("fork")
        }
        let (messages, standardError) = ChildOutput.read(channel: channel[0], errors: errors[0])
        close(channel[0])
        close(errors[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}

        var lastStep: HarnessStep?
        for line in messages.split(separator: UInt8(ascii: "\n")) {
            switch try? JSONDecoder().decode(ChildMessage.self, from: Data(line)) {
            case .step(let step): lastStep = step
            case .finished(let mismatches): return mismatches
            case .failed(let reason): throw DifferentialError.cannotInspect(side: "isolated run", reason: reason)
            case nil: continue
            }
        }
        return [crash(status: status, step: lastStep, standardError: standardError)]
    }

    /// The child: runs, reports, and leaves with `_exit` (no atexit handlers or buffers of the parent's run twice).
    private func runChild(
        _ operations: [DifferentialOperation<Subject>], copies: WorkingCopies, source: String, channel: Int32
    ) -> Never {
        let send = { (message: ChildMessage) in
            guard var data = try? JSONEncoder().encode(message) else { return }
            data.append(UInt8(ascii: "\n"))
            data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(channel, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
        }
        do {
            send(.finished(try execute(operations, on: copies, source: source, step: { send(.step($0)) })))
        } catch {
            send(.failed("\(error)"))
        }
        _exit(0)
    }

    /// The mismatch for a child that died: the step it was in, the signal (or exit status), the last line it printed.
    private func crash(status: Int32, step: HarnessStep?, standardError: String) -> Mismatch {
        let signal = status & 0x7f
        let how: String
        if signal != 0 && signal != 0x7f {
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            how = "died of signal \(signal) (\(name))"
        } else {
            how = "exited with status \((status >> 8) & 0xff) before finishing"
        }
        // The runtime's own message ("Fatal error: ..." with the file and line) when there is one, else the last line.
        let lines = standardError.split(whereSeparator: \.isNewline).map(String.init)
        let lastLine = lines.last { $0.localizedCaseInsensitiveContains("fatal error") } ?? lines.last
        let crashed = how + " in \(step?.description ?? "the run")" + (lastLine.map { ": \($0)" } ?? "")
        let sides: (baseline: String, candidate: String)
        switch step?.side {
        case baseline.name?: sides = (crashed, "not reached")
        case candidate.name?: sides = ("ran", crashed)
        default: sides = (crashed, crashed)
        }
        return mismatch(
            .crash, index: step?.index, operation: step?.index == nil ? nil : step?.operation,
            field: "(process: \(step?.description ?? "run"))", sides.baseline, sides.candidate
        )
    }

    private func isolationFailure(_ call: String) -> DifferentialError {
        .cannotInspect(side: "isolated run", reason: "\(call): \(String(cString: strerror(errno)))")
    }
}

/// Reads a child's report channel and its stderr together, so neither pipe can fill and stall it.
private enum ChildOutput {
    /// At most this much of the child's stderr is kept (its end: the last lines name the crash).
    static let errorLimit = 64 * 1024

    static func read(channel: Int32, errors: Int32) -> (messages: [UInt8], standardError: String) {
        var messages: [UInt8] = []
        var standardError: [UInt8] = []
        var descriptors = [pollfd(fd: channel, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while descriptors.contains(where: { $0.fd >= 0 }) {
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in descriptors.indices where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptors[index].fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 {
                    descriptors[index].fd = -1
                    continue
                }
                if index == 0 {
                    messages += buffer[..<count]
                } else {
                    standardError += buffer[..<count]
                    if standardError.count > errorLimit { standardError.removeFirst(standardError.count - errorLimit) }
                }
            }
        }
        return (messages, String(decoding: standardError, as: UTF8.self))
    }
}
