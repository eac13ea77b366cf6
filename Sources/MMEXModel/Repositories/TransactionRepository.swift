/// A transaction with everything that hangs off it: what slice 3 reads and writes as one unit.
public struct TransactionDetail: Sendable, Hashable, Codable {
    public var transaction: AccountTransaction
    public var splits: [TransactionSplit]
    public var tagLinks: [TagLink]
    public var customFieldValues: [CustomFieldValue]
    public var attachments: [Attachment]
    public var links: [TransactionLink]
    public var shareInfo: ShareInfo?

    public init(
        transaction: AccountTransaction, splits: [TransactionSplit] = [], tagLinks: [TagLink] = [],
        customFieldValues: [CustomFieldValue] = [], attachments: [Attachment] = [], links: [TransactionLink] = [],
        shareInfo: ShareInfo? = nil
    ) {
        self.transaction = transaction
        self.splits = splits
        self.tagLinks = tagLinks
        self.customFieldValues = customFieldValues
        self.attachments = attachments
        self.links = links
        self.shareInfo = shareInfo
    }
}

/// One line of an account register: a transaction and the account balance after it.
public struct LedgerEntry: Sendable, Hashable, Codable {
    public var transaction: AccountTransaction
    public var runningBalance: Amount

    public init(transaction: AccountTransaction, runningBalance: Amount) {
        self.transaction = transaction
        self.runningBalance = runningBalance
    }
}

/// Reads transactions (`CHECKINGACCOUNT_V1` and its dependants). Slice 3.
public protocol TransactionReading {
    func transaction(id: Int64) throws -> TransactionDetail?
    /// The register of an account (transfers in included) between two days inclusive (`nil`: open ended), ordered by
    /// date then id, with the running balance (initial balance and everything before `from` included; void and
    /// deleted transactions shown but not counted).
    func ledger(accountId: Int64, from: CalendarDay?, to: CalendarDay?) throws -> [LedgerEntry]
}

/// Writes transactions; each call is consistent on its own (splits and links never dangle).
public protocol TransactionRepository: TransactionReading {
    /// Inserts a transaction with its splits, tags, custom values, attachments, links and share info. Ids of 0 are
    /// minted; dependants get the new transaction id. A transfer carries `toAccountId` and, between currencies,
    /// `toAmount`. Returns the stored detail.
    @discardableResult func insert(_ detail: TransactionDetail) throws -> TransactionDetail
    /// Replaces a transaction and its dependants (dependants missing from `detail` are deleted).
    @discardableResult func update(_ detail: TransactionDetail) throws -> TransactionDetail
    /// Deletes a transaction and every dependant; returns whether it existed.
    @discardableResult func deleteTransaction(id: Int64) throws -> Bool
}

/// Names transactions and their dependants in the MMEX contexts: `context.transactions` reads them in a read unit of
/// work, and reads and writes them in a write unit of work.
public enum TransactionRepositoryKey: ReadableRepositoryKey {
    public typealias Reading = any TransactionReading
    public typealias Writing = any TransactionRepository
}

extension ReadRepositories {
    /// The reading side of ``TransactionRepositoryKey``'s repository, in this unit of work.
    public var transactions: any TransactionReading { repository(TransactionRepositoryKey.self) }
}

extension WriteRepositories {
    /// ``TransactionRepositoryKey``'s repository, reads and writes, in this unit of work.
    public var transactions: any TransactionRepository { repository(TransactionRepositoryKey.self) }
}
