import Foundation

/// What a connection does when another connection (usually another process) holds a lock it needs.
///
/// GRDB spells it `Database.BusyMode`; both names work here.
public enum BusyMode: Sendable {
    /// Fail at once with `SQLITE_BUSY` (the default, as in GRDB).
    case immediateError
    /// Retry for up to this many seconds, then fail with `SQLITE_BUSY`.
    case timeout(TimeInterval)
    /// Ask a callback, which gets how many times it was already called for this lock and returns `true` to retry.
    case callback(@Sendable (_ numberOfTries: Int) -> Bool)

    /// ``timeout(_:)`` under the label this driver used before it took GRDB's.
    public static func timeout(seconds: TimeInterval) -> BusyMode { .timeout(seconds) }
}

extension Database {
    /// GRDB's name for ``ReaderWriterDriver/BusyMode``.
    public typealias BusyMode = ReaderWriterDriver.BusyMode
}
