import Foundation

/// The small summary an app publishes for a second process (a widget) that should not open the database: balances
/// per account, today's totals per currency, and when it was made.
///
/// Amounts are decimal strings (`"1234.56"`), never JSON numbers, so no reader turns them into doubles.
public struct SnapshotSummary: Sendable, Equatable, Codable {
    /// The layout version of this document; readers ignore other versions.
    public static let currentFormat = 1

    /// One account and its balance.
    public struct Account: Sendable, Equatable, Codable {
        /// `ACCOUNTID`.
        public let id: Int64
        /// `ACCOUNTNAME`.
        public let name: String
        /// `ACCOUNTTYPE` (Checking, Credit Card, Investment, ...).
        public let type: String
        /// `STATUS` (Open, Closed).
        public let status: String
        /// `CURRENCYID` of the account.
        public let currencyId: Int64?
        /// The currency's symbol (`USD`), when the file has it.
        public let currency: String?
        /// See ``SnapshotCalculator`` for the rule.
        public let balance: String
    }

    /// Today's money movement in one currency (accounts grouped by their currency).
    public struct DayTotal: Sendable, Equatable, Codable {
        /// The currency's id and symbol.
        public let currencyId: Int64?
        /// The currency's symbol, when the file has it.
        public let currency: String?
        /// Sum of today's deposits.
        public let deposits: String
        /// Sum of today's withdrawals.
        public let withdrawals: String
        /// Sum of today's transfers, counted once, by the amount that left the sending account.
        public let transfers: String
        /// How many transactions today counted.
        public let transactions: Int
    }

    /// The document layout version (``currentFormat``).
    public let format: Int
    /// When the summary was computed.
    public let generatedAt: Date
    /// The calendar day (`YYYY-MM-DD`, in the publisher's time zone) it describes as "today".
    public let day: String
    /// The database file name it was computed from.
    public let database: String
    /// Every account, by id.
    public let accounts: [Account]
    /// Today's totals, one per currency that moved today.
    public let today: [DayTotal]

    /// A summary in the current format.
    public init(generatedAt: Date, day: String, database: String, accounts: [Account], today: [DayTotal]) {
        format = Self.currentFormat
        self.generatedAt = generatedAt
        self.day = day
        self.database = database
        self.accounts = accounts
        self.today = today
    }

    /// The JSON bytes of the document (sorted keys, ISO 8601 time).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Decodes a document; throws for anything that is not a complete, valid summary of the current format.
    public static func decode(_ data: Data) throws -> SnapshotSummary {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let summary = try decoder.decode(SnapshotSummary.self, from: data)
        guard summary.format == currentFormat else {
            throw SnapshotInvalid(reason: "format \(summary.format), expected \(currentFormat)")
        }
        let amounts = summary.accounts.map(\.balance) + summary.today.flatMap { [$0.deposits, $0.withdrawals, $0.transfers] }
        if let bad = amounts.first(where: { DecimalText.parse($0) == nil }) {
            throw SnapshotInvalid(reason: "amount '\(bad)' is not a decimal number")
        }
        return summary
    }
}

/// A snapshot document that decoded but does not hold what a summary must.
struct SnapshotInvalid: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
