/// What an app's repositories work with during one unit of work: the driver's or library's handle, lent for the
/// unit, and the unit's scope. Every engine hands one to the app's context factories: ``StoreSessionEngine`` and
/// the project's own engines (`LegacyUnitOfWork` and `ReaderWriterUnitOfWork` are this type over their drivers'
/// handles).
public struct StoreUnitOfWork<Handle> {
    /// The handle (GRDB's `Database`, SQLite.swift's `Connection`, the project's drivers'), valid only inside the unit.
    public let handle: Handle
    /// The unit's lifetime: ended when the closure returns or throws.
    public let scope: UnitScope
    /// Where the session's database lives (for error messages).
    public let location: SessionLocation

    /// A unit of work over `handle`, for an engine (or an adapter's test) that runs the unit itself.
    ///
    /// - Parameters:
    ///   - handle: The library's handle, valid until `scope` ends.
    ///   - scope: The unit's scope, which the engine ends when the unit's closure returns or throws.
    ///   - location: Where the session's database lives.
    public init(handle: Handle, scope: UnitScope, location: SessionLocation) {
        self.handle = handle
        self.scope = scope
        self.location = location
    }

    /// Runs one repository call with the handle; refuses it once the unit ended (a repository that escaped).
    @inlinable
    public func run<T>(_ body: (Handle) throws -> T) throws -> T {
        try scope.check()
        return try body(handle)
    }
}
