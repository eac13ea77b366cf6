/// A Swift callback SQLite calls every few virtual-machine instructions of a running statement
/// (`sqlite3_progress_handler`); returning `true` interrupts the statement with `SQLITE_INTERRUPT`.
///
/// This is how a long statement notices a cancellation without another thread calling `sqlite3_interrupt`. The
/// callback runs on the thread that is stepping the statement, so it may read state owned by that thread.
public final class EngineProgressHandler {
    /// Returns `true` to interrupt the running statement.
    public let shouldInterrupt: () -> Bool

    /// Wraps an interruption check for ``EngineConnection/setProgressHandler(every:_:)``.
    ///
    /// - Parameter shouldInterrupt: Called on the stepping thread every few instructions; returns `true` to stop the
    ///   running statement with `SQLITE_INTERRUPT`. Keep it cheap: it runs often.
    public init(_ shouldInterrupt: @escaping () -> Bool) {
        self.shouldInterrupt = shouldInterrupt
    }
}

private typealias ProgressHandlerFunction = @convention(c) (
    OpaquePointer?, Int32, (@convention(c) (UnsafeMutableRawPointer?) -> Int32)?, UnsafeMutableRawPointer?
) -> Void

private let progressTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
    guard let context else { return 0 }
    let handler = Unmanaged<EngineProgressHandler>.fromOpaque(context).takeUnretainedValue()
    return handler.shouldInterrupt() ? 1 : 0
}

extension EngineConnection {
    /// Installs a progress handler called about every `instructions` virtual-machine steps, or removes it with `nil`.
    ///
    /// SQLite keeps only a pointer to `handler`: the caller must keep it alive for as long as the connection is open
    /// or until another handler replaces it.
    public func setProgressHandler(every instructions: Int32, _ handler: EngineProgressHandler?) throws(SQLiteError) {
        let db = try openHandle(sql: nil)
        guard let install = library.symbol(named: "sqlite3_progress_handler", as: ProgressHandlerFunction.self) else {
            throw SQLiteError(
                extendedCode: ResultCode.error, message: "this SQLite library has no sqlite3_progress_handler")
        }
        if let handler {
            install(db, instructions, progressTrampoline, Unmanaged.passUnretained(handler).toOpaque())
        } else {
            install(db, 0, nil, nil)
        }
    }
}
