/// One unit of work as the shadow session names it in its decisions (``ShadowOptions/runIf``) and its reports.
public struct ShadowUnit: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whether the unit reads or writes.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A read unit of work: compared on what it returns.
        case read
        /// A write unit of work: compared on what it returns and on the state it leaves.
        case write
    }

    /// The app's name for the unit (`accounts.all()`), or `read` / `write` when the app named none.
    public var name: String
    /// Whether the unit reads or writes.
    public var kind: Kind

    /// A unit named `name` of the given kind, for tests of ``ShadowOptions/runIf`` and ignore rules.
    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// The kind and the name: `read accounts.all()`.
    public var description: String { "\(kind.rawValue) \(name)" }

    /// The name the units started inside ``named(_:_:)`` get; `nil` outside it.
    @TaskLocal static var currentName: String?

    /// Runs `body` with every unit of work it starts on a shadow session named `name`: how an app names its units
    /// for ``ShadowOptions/runIf`` and the published reports without changing the session protocol's calls.
    ///
    /// ```swift
    /// let accounts = try ShadowUnit.named("accounts.all()") { try session.read { try $0.accounts.all() } }
    /// ```
    public static func named<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        try $currentName.withValue(name, operation: body)
    }

    /// The `async` form of ``named(_:_:)``.
    public static func named<T>(_ name: String, _ body: () async throws -> T) async rethrows -> T {
        try await $currentName.withValue(name, operation: body)
    }
}
