/// What a connection does when another connection (usually another process) holds a lock it needs.
public enum BusyMode: Sendable {
    /// Fail at once with `SQLITE_BUSY` (the default, as in GRDB).
    case immediateError
    /// Retry for up to this many seconds, then fail with `SQLITE_BUSY`.
    case timeout(seconds: Double)
    /// Ask a callback, which gets how many times it was already called for this lock and returns `true` to retry.
    case callback(@Sendable (_ retries: Int) -> Bool)
}
