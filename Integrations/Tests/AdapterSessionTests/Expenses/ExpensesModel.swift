import Foundation
import PersistenceSession

/// The second example app, an expense tracker: accounts (a text primary key the user picks, a `String` enum, an
/// optional `URL`, a `Bool`, a `Date`), their expenses (money as `Int64` cents, an `Int` enum, a `Double` exchange
/// rate, an optional `Date`, an optional `URL`, an optional `Data` thumbnail, an index on account and date) and the
/// expenses' tags (a composite unique key); both child tables declare `ON DELETE CASCADE`. Contexts know no library.
enum AccountKind: String, Codable, Sendable {
    case cash, card, bank
}

enum ExpenseCategory: Int, Codable, Sendable {
    case groceries = 1, dining, travel, office, other
}

struct Account: Codable, Equatable, Sendable {
    /// A short slug the user picks ("amex", "wallet").
    var id: String
    var name: String
    var kind: AccountKind
    var currency: String
    var openedAt: Date
    var isArchived: Bool
    var website: URL?
}

struct Expense: Codable, Equatable, Sendable {
    /// `nil` until inserted.
    var id: Int64?
    var accountID: String
    var amountCents: Int64
    var category: ExpenseCategory
    var merchant: String
    var spentAt: Date
    var reimbursedAt: Date?
    var isReimbursable: Bool
    /// Account currency to home currency.
    var exchangeRate: Double
    var receiptURL: URL?
    var receiptThumbnail: Data?
    var note: String?
}

struct CategoryTotal: Codable, Equatable, Sendable {
    var category: ExpenseCategory
    var count: Int
    var totalCents: Int64
}

protocol ExpensesReading {
    func account(_ id: String) throws -> Account?
    /// By name.
    func accounts() throws -> [Account]
    func expense(_ id: Int64) throws -> Expense?
    /// Newest first.
    func expenses(inAccount accountID: String) throws -> [Expense]
    /// Expenses at or after `date` (the last export), oldest first.
    func expenses(since date: Date) throws -> [Int64]
    /// The latest `spentAt` in an account.
    func lastSpentAt(inAccount accountID: String) throws -> Date?
    func totalCents(inAccount accountID: String) throws -> Int64
    /// In home currency (amount times exchange rate), in cents.
    func convertedTotal() throws -> Double
    /// By category raw value.
    func categoryTotals() throws -> [CategoryTotal]
    /// Reimbursable and not yet reimbursed, oldest first.
    func awaitingReimbursement() throws -> [Int64]
    /// Alphabetical.
    func tags(of expenseID: Int64) throws -> [String]
}

protocol ExpensesWriting: ExpensesReading {
    func addAccount(_ account: Account) throws
    /// Whether an account with that id was there.
    func updateAccount(_ account: Account) throws -> Bool
    func deleteAccount(_ id: String) throws -> Bool
    /// The new expense's id.
    func addExpense(_ expense: Expense) throws -> Int64
    /// Whether it was awaiting reimbursement.
    func markReimbursed(_ id: Int64, at date: Date) throws -> Bool
    /// Whether the expense was there.
    func setReimbursable(_ id: Int64, _ isReimbursable: Bool) throws -> Bool
    func addTag(_ tag: String, to expenseID: Int64) throws
}

struct ExpensesRead { let store: any ExpensesReading }
struct ExpensesWrite { let store: any ExpensesWriting }
typealias ExpensesSession = any PersistenceSession<ExpensesRead, ExpensesWrite>
