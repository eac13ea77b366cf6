import Foundation
import Synchronization

/// Where the non-throwing `row[expression]` reports a read that failed (and a `for` loop a step that failed).
///
/// SQLite.swift's `row[expression]` is `try! row.get(expression)`: a missing or ambiguous column, a NULL read as a
/// non-optional type, or a stored value the type cannot be made from stops the app. The legacy driver's subscript
/// keeps SQLite.swift's non-throwing shape but never stops the process: it hands the error to the observer in
/// effect and returns a fallback (`nil` for an optional expression; for a non-optional one the value made from the
/// zero of its stored type). The default observer writes one line to standard error saying what SQLite.swift
/// would have done. Code that must not continue with a fallback reads with `try row.get(expression)`.
public enum RowReadFailure {
    /// Receives each failed subscript read: the error and the message saying what SQLite.swift would have done.
    public typealias Observer = @Sendable (_ error: LegacyError, _ message: String) -> Void

    /// The observer for reads on tasks without a task-local one (all threads of the process).
    public static var observer: Observer {
        get { processObserver.withLock { $0 } }
        set { processObserver.withLock { $0 = newValue } }
    }

    /// An observer for the reads of one task and its child tasks, over the process-wide ``observer``: tests use it
    /// to collect the failures of their own reads.
    @TaskLocal public static var taskObserver: Observer?

    /// The default: one line on standard error.
    public static let standardError: Observer = { _, message in
        FileHandle.standardError.write(Data(("LegacyDriver: " + message + "\n").utf8))
    }

    private static let processObserver = Mutex<Observer>(standardError)

    /// The message for a failed read: the error, and that SQLite.swift would have trapped there.
    public static func message(for error: LegacyError, column: String) -> String {
        "row[\(column)] failed: \(error); SQLite.swift traps here (try! in Row's subscript), "
            + "this driver continues with a fallback value (read with row.get(_:) to have it thrown)"
    }

    /// Reports a failed read to the observer in effect.
    @usableFromInline
    static func report(_ error: LegacyError, column: String) {
        let message = message(for: error, column: column)
        (taskObserver ?? observer)(error, message)
    }

    /// Reports a step that failed while a `for ... in` loop iterated a cursor or statement: SQLite.swift's iterator
    /// traps there (`try!`); this driver ends the loop early after the report.
    static func reportIteration(_ error: LegacyError, sql: String) {
        let message = "iterating \(sql) failed: \(error); SQLite.swift traps here (try! in its iterator), "
            + "this driver ends the loop (iterate with try next() to have it thrown)"
        (taskObserver ?? observer)(error, message)
    }

    /// Reports a failed read of a non-optional value and returns the value made from its stored type's zero.
    ///
    /// A custom ``Value`` whose conversion rejects that zero, or stored as a custom ``Binding`` without one, has
    /// no value to return: then, and only then, the read stops the process as SQLite.swift's does, with the error
    /// in the message.
    @usableFromInline
    static func fallback<V: Value>(for error: LegacyError, column: String) -> V {
        report(error, column: column)
        if let own = V.self as? any ReadFallback.Type, let value = own.readFallback as? V { return value }
        if let zero = V.Datatype.fallbackZero, let value = try? V.fromDatatypeValue(zero) { return value }
        preconditionFailure(message(for: error, column: column) + "; no fallback value of \(V.self) exists")
    }
}

/// A value type whose fallback for a failed non-throwing `row[expression]` is not made from its stored type's zero
/// (an empty string is no date): the Unix epoch for `Date`, the all-zero UUID, `file:///` for `URL`.
public protocol ReadFallback {
    /// The value a failed `row[expression]` returns after reporting the failure.
    static var readFallback: Self { get }
}

extension Date: ReadFallback {
    public static var readFallback: Date { Date(timeIntervalSince1970: 0) }
}

extension UUID: ReadFallback {
    public static var readFallback: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}

extension URL: ReadFallback {
    public static var readFallback: URL { URL(fileURLWithPath: "/") }
}
