/// Money moved in one account with one status, for the account overview (slice 2).
public struct AccountFlow: Sendable, Hashable, Codable {
    public var accountId: Int64
    public var status: TransactionStatus?
    public var deposits: Amount
    public var withdrawals: Amount
    public var transfersIn: Amount
    public var transfersOut: Amount

    public init(
        accountId: Int64, status: TransactionStatus?, deposits: Amount, withdrawals: Amount, transfersIn: Amount,
        transfersOut: Amount
    ) {
        self.accountId = accountId
        self.status = status
        self.deposits = deposits
        self.withdrawals = withdrawals
        self.transfersIn = transfersIn
        self.transfersOut = transfersOut
    }
}

/// Reads accounts (`ACCOUNTLIST_V1`). Slice 2.
public protocol AccountReading {
    /// Every account, in `ACCOUNTID` order.
    func accounts() throws -> [Account]
    func account(id: Int64) throws -> Account?
    /// By name (NOCASE).
    func account(named name: String) throws -> Account?
    /// Initial balance plus every non-void, non-deleted transaction up to and including `day`, in the account's
    /// currency.
    func balance(accountId: Int64, asOf day: CalendarDay) throws -> Amount
    /// Deposits, withdrawals, transfers in and out per account and status, investment accounts excluded.
    func flows() throws -> [AccountFlow]
}

/// Writes accounts.
public protocol AccountRepository: AccountReading {
    @discardableResult func insert(_ account: Account) throws -> Account
    func update(_ account: Account) throws
    /// Deletes the account with its transactions, splits and links in one unit of work.
    @discardableResult func deleteAccount(id: Int64) throws -> Bool
}

/// Names accounts in the MMEX contexts: `context.accounts` reads them in a read unit of work, and reads and writes them
/// in a write unit of work.
public enum AccountRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any AccountReading
    public typealias Writing = any AccountRepository
}

extension ReadRepositories {
    /// The reading side of ``AccountRepositoryKey``'s repository, in this unit of work.
    public var accounts: any AccountReading { repository(AccountRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``AccountRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var accounts: any AccountRepository { repository(AccountRepositoryKey.self) }
}
