/// Reads payees (`PAYEE_V1`). Slice 2.
public protocol PayeeReading {
    /// Every payee, by name (NOCASE).
    func payees() throws -> [Payee]
    func payee(id: Int64) throws -> Payee?
    func payee(named name: String) throws -> Payee?
    /// The payee's default category (`PAYEE_V1.CATEGID`), when it exists.
    func defaultCategory(payeeId: Int64) throws -> Category?
}

/// Writes payees.
public protocol PayeeRepository: PayeeReading {
    @discardableResult func insert(_ payee: Payee) throws -> Payee
    func update(_ payee: Payee) throws
    /// Deletes a payee no transaction or scheduled transaction uses; returns whether it existed.
    @discardableResult func deletePayee(id: Int64) throws -> Bool
}
