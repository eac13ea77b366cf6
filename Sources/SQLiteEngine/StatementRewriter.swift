import Synchronization

/// A hook through which a test plants one change into the SQL a driver prepares, to measure what the differential
/// suite catches (the planted-bug run). Each driver owns one (`statementRewriter`) and passes every statement text
/// it prepares through ``apply(_:on:)``, so a change planted in one driver never reaches the other.
///
/// Off in production: nothing installs a rewrite outside tests and `make mutants`, and while none is installed,
/// preparing a statement costs one relaxed atomic load more. A rewrite only sees statements of connections whose
/// path starts with the installed prefix, so a planted change stays in the working copies of the run that planted
/// it while other tests use the driver beside it.
package final class StatementRewriter: Sendable {
    /// A rewrite of one statement's text; returns the text unchanged when it does not apply.
    package typealias Rewrite = @Sendable (_ sql: String) -> String

    /// Whether a rewrite is installed: read without the lock on every prepare.
    private let isInstalled = Atomic<Bool>(false)
    /// The installed prefix and rewrite, guarded by its own mutex. Boxed in a class: a closure stored in the mutex's
    /// value itself is reabstracted through `withLock`'s `inout` in a debug build, and the converted closure written
    /// back, so every prepared statement wrapped it in one more thunk (the calls grew slower with each statement).
    private let installed = Mutex<Installed?>(nil)

    private final class Installed: Sendable {
        let prefix: String
        let rewrite: Rewrite

        init(prefix: String, rewrite: @escaping Rewrite) {
            self.prefix = prefix
            self.rewrite = rewrite
        }
    }

    package init() {}

    /// The statement text to prepare on `connection`: `sql` itself unless a rewrite is installed for its path.
    @inline(__always)
    package func apply(_ sql: String, on connection: EngineConnection) -> String {
        guard isInstalled.load(ordering: .relaxed) else { return sql }
        return rewritten(sql, path: connection.path)
    }

    private func rewritten(_ sql: String, path: String) -> String {
        guard let current = installed.withLock({ $0 }), path.hasPrefix(current.prefix) else { return sql }
        return current.rewrite(sql)
    }

    /// Installs `rewrite` for connections on paths under `prefix` (replacing any installed one).
    package func install(under prefix: String, _ rewrite: @escaping Rewrite) {
        let box = Installed(prefix: prefix, rewrite: rewrite)
        installed.withLock { $0 = box }
        isInstalled.store(true, ordering: .sequentiallyConsistent)
    }

    /// Removes the installed rewrite: statements are prepared as written again.
    package func remove() {
        isInstalled.store(false, ordering: .sequentiallyConsistent)
        installed.withLock { $0 = nil }
    }
}
