import MMEXModel

/// What every MMEX session needs besides the file: the parts of behaviour the app (or a test) injects.
public struct SessionConfiguration: Sendable {
    /// Mints ids for new rows (MMEX rule by default; the differential suite gives both drivers the same
    /// deterministic one).
    public var minter: IdentifierMinter
    /// A change to every statement the session's driver prepares, on each of its connections: the hook through which
    /// the planted-bug run (`make mutants`) plants one bug into one session. `nil`, statements as written, in an app.
    package var statementRewrite: (@Sendable (String) -> String)?

    public init(minter: IdentifierMinter = .system) {
        self.minter = minter
    }

    /// The MMEX rule on the real clock.
    public static let standard = SessionConfiguration()
}
