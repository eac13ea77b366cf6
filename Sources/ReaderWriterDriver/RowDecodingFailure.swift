import Foundation
import SQLiteEngine
import Synchronization

/// Where a row subscript reports a value it could not read.
///
/// GRDB's row subscripts (`row["name"]`, `row[0]`, `row[Column("name")]`) do not throw: on a missing column or a
/// value that cannot become the requested type they stop the program. A stored value is user input (another app, an
/// older build or a damaged file wrote it), so this driver never stops the program there: the subscript reports the
/// error to the observer in effect, saying what GRDB would have done, and returns a fallback (`nil` for an optional,
/// else the type's value for 0, 0.0, "" or an empty blob, the first the type accepts). Code that must not continue
/// with a fallback reads with `row.decode(_:atIndex:)` / `decode(_:forColumn:)`, which throw instead.
public enum RowDecodingFailure {
    /// Receives each failed subscript read: the error and the message saying what GRDB would have done.
    public typealias Observer = @Sendable (_ error: any Error, _ message: String) -> Void

    /// The observer for reads on tasks without a task-local one (every thread of the process).
    public static var observer: Observer {
        get { processObserver.withLock { $0 } }
        set { processObserver.withLock { $0 = newValue } }
    }

    /// An observer for the reads of one task and its child tasks, over the process-wide ``observer``: tests use it
    /// to collect the failures of their own reads.
    @TaskLocal public static var taskObserver: Observer?

    /// The default: one line on standard error.
    public static let standardError: Observer = { _, message in
        FileHandle.standardError.write(Data(("ReaderWriterDriver: " + message + "\n").utf8))
    }

    /// Guarded by its own mutex: the process-wide observer.
    private static let processObserver = Mutex<Observer>(standardError)

    /// The message for a failed subscript read.
    public static func message(for error: any Error) -> String {
        "row subscript failed: \(error); GRDB stops the program here, this driver continues with a fallback value "
            + "(read with row.decode(_:atIndex:) or decode(_:forColumn:) to have it thrown)"
    }

    /// Reports `error` and returns the fallback value of `Value`.
    @usableFromInline @inline(never)
    static func fallback<Value: DatabaseValueConvertible>(for error: any Error) -> Value {
        (taskObserver ?? observer)(error, message(for: error))
        for candidate in [SQLiteValue.null, .integer(0), .real(0), .text(""), .blob([])] {
            if let value = Value.fromDatabaseValue(candidate) { return value }
        }
        // A type that accepts no value at all cannot be read by any subscript: a programming error, not data.
        preconditionFailure("\(Value.self) accepts no database value; read it with row.decode(_:atIndex:)")
    }
}
