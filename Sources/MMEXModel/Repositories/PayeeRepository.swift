/// Reads payees (`PAYEE_V1`). Slice 2.
public protocol PayeeReading {
    /// Every payee, by name (NOCASE), then `PAYEEID`.
    func payees() throws -> [Payee]
    func payee(id: Int64) throws -> Payee?
    /// By name (NOCASE); the lowest id when an old file holds several.
    func payee(named name: String) throws -> Payee?
    /// The payee's default category (`PAYEE_V1.CATEGID`), when the payee, its category id and that category exist.
    func defaultCategory(payeeId: Int64) throws -> Category?
}

/// Writes payees.
///
/// Names are unique case-insensitively (`PAYEENAME ... COLLATE NOCASE UNIQUE`): an insert or update that clashes
/// throws the session's unique-constraint error on `PAYEE_V1.PAYEENAME`.
public protocol PayeeRepository: PayeeReading {
    /// Inserts a payee; an id of 0 is replaced by a minted one. Returns the stored record.
    @discardableResult func insert(_ payee: Payee) throws -> Payee
    /// Rewrites the payee with `payee.id` (a missing id changes nothing).
    func update(_ payee: Payee) throws
    /// Deletes a payee no transaction or scheduled transaction uses; returns whether it existed. MMEX refuses to
    /// delete a payee in use ("Payee in use"): so does this, with the session's in-use error (a foreign-key
    /// constraint violation on `PAYEE_V1` naming the table that uses it), changing nothing.
    @discardableResult func deletePayee(id: Int64) throws -> Bool
}

/// Names payees in the MMEX contexts: `context.payees` reads them in a read unit of work, and reads and writes them in
/// a write unit of work.
public enum PayeeRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any PayeeReading
    public typealias Writing = any PayeeRepository
}

extension ReadRepositories {
    /// The reading side of ``PayeeRepositoryKey``'s repository, in this unit of work.
    public var payees: any PayeeReading { repository(PayeeRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``PayeeRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var payees: any PayeeRepository { repository(PayeeRepositoryKey.self) }
}
