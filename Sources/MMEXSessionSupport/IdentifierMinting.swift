import MMEXModel
import PersistenceSession

/// The MMEX rule for a new row's id, shared by both drivers' repositories: ask the session's ``IdentifierMinter``,
/// and mint again while the id is already in use (the rule can repeat an id within a millisecond).
///
/// Each repository answers "is this id taken?" in its own driver's idiom; only the loop is shared.
public enum IdentifierMinting {
    /// How many ids are tried before giving up (a minter that keeps repeating itself is broken).
    public static let maximumAttempts = 64

    /// A fresh id for a new row.
    ///
    /// - Parameter isTaken: whether a row with this id exists already.
    /// - Throws: what `isTaken` throws; ``PersistenceError/invalidUse(_:)`` when ``maximumAttempts`` ids were all
    ///   taken.
    public static func newID(
        from minter: IdentifierMinter, table: String, isTaken: (Int64) throws -> Bool
    ) throws -> Int64 {
        for _ in 0..<maximumAttempts {
            let candidate = minter.next()
            if try !isTaken(candidate) { return candidate }
        }
        throw PersistenceError.invalidUse(
            "the id minter gave \(maximumAttempts) ids already used in \(table); it must produce fresh ids"
        )
    }
}
