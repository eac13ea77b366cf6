import Foundation
import Synchronization

/// Receives what a shadow session found. Called on the thread that ran the compared unit, after the app's result is
/// settled; it must not throw and should return quickly (hand slow work to a queue of its own, as
/// ``JSONLinesShadowPublisher`` does).
public protocol ShadowPublisher: Sendable {
    /// Takes one event: a compared unit that differed, or an error of the shadow machinery.
    ///
    /// - Parameter event: What the session found, its values already cleaned.
    func publish(_ event: ShadowEvent)
}

/// Drops every event (the default: a session that only counts, see ``ShadowSession/statistics``).
public struct DiscardingShadowPublisher: ShadowPublisher {
    /// A publisher that drops everything.
    public init() {}
    /// Drops `event`.
    public func publish(_ event: ShadowEvent) {}
}

/// Keeps every event in memory (tests, and the `driverport shadow` report).
public final class CollectingShadowPublisher: ShadowPublisher {
    /// Guarded by its own mutex: the events so far, in order.
    private let collected = Mutex<[ShadowEvent]>([])

    /// A publisher with no events yet.
    public init() {}

    /// Appends `event` to ``events``; safe from any thread.
    public func publish(_ event: ShadowEvent) {
        collected.withLock { $0.append(event) }
    }

    /// The events so far.
    public var events: [ShadowEvent] { collected.withLock { $0 } }
}

/// Sends every event to several publishers in turn.
public struct FanOutShadowPublisher: ShadowPublisher {
    /// The publishers each event goes to, in this order.
    public let publishers: [any ShadowPublisher]

    /// A publisher that hands every event to each of `publishers`, in order.
    public init(_ publishers: [any ShadowPublisher]) {
        self.publishers = publishers
    }

    /// Hands `event` to every publisher in ``publishers``, one after another.
    public func publish(_ event: ShadowEvent) {
        for publisher in publishers { publisher.publish(event) }
    }
}

/// Appends one JSON object per event, one per line, to a file (JSON Lines): `kind`, `date`, `unit`, `operation`,
/// `control` and `candidate` (`result` or `error`, `seconds`), `differences`, `trap`, `error`.
///
/// Writes happen on a serial queue of its own, so publishing never waits for the disk; ``flush()`` waits for what
/// was published so far. A log that cannot be written is counted (``failedWrites``), never thrown: the shadow must
/// not fail the app.
public final class JSONLinesShadowPublisher: ShadowPublisher {
    /// The file the events are appended to.
    public let path: String
    private let queue = DispatchQueue(label: "driverport.shadow.jsonl")
    /// Events that could not be written (atomic: read from any thread, added to on the queue).
    private let failures = Atomic<Int>(0)

    /// A publisher appending to `path` (created when missing, with mode 0600: the log holds the app's values).
    public init(path: String) {
        self.path = path
    }

    /// Encodes `event` as one line of JSON (sorted keys) and queues it to be appended to ``path``. An event
    /// that cannot be encoded, or a line that cannot be written, is counted in ``failedWrites``.
    public func publish(_ event: ShadowEvent) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(event) else {
            failures.add(1, ordering: .relaxed)
            return
        }
        line.append(UInt8(ascii: "\n"))
        queue.async { [self, line] in
            let descriptor = open(self.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                self.failures.add(1, ordering: .relaxed)
                return
            }
            defer { close(descriptor) }
            let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written != line.count { self.failures.add(1, ordering: .relaxed) }
        }
    }

    /// Waits until every event published so far is in the file (or failed).
    public func flush() {
        queue.sync {}
    }

    /// Events that could not be encoded or written.
    public var failedWrites: Int { failures.load(ordering: .relaxed) }
}
