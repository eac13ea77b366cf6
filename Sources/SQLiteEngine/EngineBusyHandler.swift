/// A Swift callback SQLite calls when the database file is locked by another connection (`sqlite3_busy_handler`).
///
/// The callback gets how many times it was already called for this lock and returns `true` to make SQLite try again,
/// `false` to give up with `SQLITE_BUSY`. It runs on the thread that is using the connection.
public final class EngineBusyHandler: Sendable {
    /// Decides whether to retry; the argument counts earlier calls for the same lock (0 the first time).
    public let shouldRetry: @Sendable (Int) -> Bool

    /// Wraps a retry decision for ``EngineConnection/setBusyHandler(_:)``.
    ///
    /// - Parameter shouldRetry: Called with the number of earlier calls for the same lock (0 the first time);
    ///   returns `true` to retry, `false` to fail with `SQLITE_BUSY`. It may sleep before returning to back off.
    public init(_ shouldRetry: @escaping @Sendable (Int) -> Bool) {
        self.shouldRetry = shouldRetry
    }
}

private typealias BusyHandlerFunction = @convention(c) (
    OpaquePointer?, (@convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32)?, UnsafeMutableRawPointer?
) -> Int32

private let busyTrampoline: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, count in
    guard let context else { return 0 }
    let handler = Unmanaged<EngineBusyHandler>.fromOpaque(context).takeUnretainedValue()
    return handler.shouldRetry(Int(count)) ? 1 : 0
}

extension EngineConnection {
    /// Installs a busy handler, or removes it with `nil` (which also removes a busy timeout).
    ///
    /// SQLite keeps only a pointer to `handler`: the caller must keep it alive for as long as the connection is open
    /// or until another handler replaces it.
    public func setBusyHandler(_ handler: EngineBusyHandler?) throws(SQLiteError) {
        let db = try openHandle(sql: nil)
        guard let install = library.symbol(named: "sqlite3_busy_handler", as: BusyHandlerFunction.self) else {
            throw SQLiteError(extendedCode: ResultCode.error, message: "this SQLite library has no sqlite3_busy_handler")
        }
        let rc: Int32
        if let handler {
            rc = install(db, busyTrampoline, Unmanaged.passUnretained(handler).toOpaque())
        } else {
            rc = install(db, nil, nil)
        }
        try check(rc)
    }
}
