import MMEXModel

/// What every MMEX session needs besides the file: the parts of behaviour the app (or a test) injects.
public struct SessionConfiguration: Sendable {
    /// Mints ids for new rows (MMEX rule by default; the differential suite gives both drivers the same
    /// deterministic one).
    public var minter: IdentifierMinter

    public init(minter: IdentifierMinter = .system) {
        self.minter = minter
    }

    /// The MMEX rule on the real clock.
    public static let standard = SessionConfiguration()
}
