/// An account (bank, cash, credit card, investment...): `ACCOUNTLIST_V1`.
///
/// Column mapping (Swift field ← SQL column):
/// - `id` ← `ACCOUNTID`
/// - `name` ← `ACCOUNTNAME`
/// - `type` ← `ACCOUNTTYPE`
/// - `number` ← `ACCOUNTNUM`
/// - `status` ← `STATUS`
/// - `notes` ← `NOTES`
/// - `heldAt` ← `HELDAT`
/// - `website` ← `WEBSITE`
/// - `contactInfo` ← `CONTACTINFO`
/// - `accessInfo` ← `ACCESSINFO`
/// - `initialBalance` ← `INITIALBAL`
/// - `initialDate` ← `INITIALDATE`
/// - `favorite` ← `FAVORITEACCT`
/// - `currencyId` ← `CURRENCYID`
/// - `statementLocked` ← `STATEMENTLOCKED`
/// - `statementDate` ← `STATEMENTDATE`
/// - `minimumBalance` ← `MINIMUMBALANCE`
/// - `creditLimit` ← `CREDITLIMIT`
/// - `interestRate` ← `INTERESTRATE`
/// - `paymentDueDate` ← `PAYMENTDUEDATE`
/// - `minimumPayment` ← `MINIMUMPAYMENT`
public struct Account: MMEXRecord {
    public static let tableName = "ACCOUNTLIST_V1"

    public static let columns: [MMEXColumn] = [
        .id("ACCOUNTID"),
        MMEXColumn("ACCOUNTNAME", field: "name", .text),
        MMEXColumn("ACCOUNTTYPE", field: "type", .text),
        MMEXColumn("ACCOUNTNUM", field: "number", .text, nullable: true),
        MMEXColumn("STATUS", field: "status", .text),
        MMEXColumn("NOTES", field: "notes", .text, nullable: true),
        MMEXColumn("HELDAT", field: "heldAt", .text, nullable: true),
        MMEXColumn("WEBSITE", field: "website", .text, nullable: true),
        MMEXColumn("CONTACTINFO", field: "contactInfo", .text, nullable: true),
        MMEXColumn("ACCESSINFO", field: "accessInfo", .text, nullable: true),
        MMEXColumn("INITIALBAL", field: "initialBalance", .numeric, nullable: true),
        MMEXColumn("INITIALDATE", field: "initialDate", .text, nullable: true),
        MMEXColumn("FAVORITEACCT", field: "favorite", .text),
        MMEXColumn("CURRENCYID", field: "currencyId", .integer),
        MMEXColumn("STATEMENTLOCKED", field: "statementLocked", .integer, nullable: true),
        MMEXColumn("STATEMENTDATE", field: "statementDate", .text, nullable: true),
        MMEXColumn("MINIMUMBALANCE", field: "minimumBalance", .numeric, nullable: true),
        MMEXColumn("CREDITLIMIT", field: "creditLimit", .numeric, nullable: true),
        MMEXColumn("INTERESTRATE", field: "interestRate", .numeric, nullable: true),
        MMEXColumn("PAYMENTDUEDATE", field: "paymentDueDate", .text, nullable: true),
        MMEXColumn("MINIMUMPAYMENT", field: "minimumPayment", .numeric, nullable: true),
    ]

    /// `ACCOUNTID`: Primary key.
    public var id: Int64
    /// `ACCOUNTNAME`: Unique, compared case-insensitively (NOCASE).
    public var name: String
    /// `ACCOUNTTYPE`: Cash, Checking, Term, Investment, Credit Card, Loan, Asset, Shares.
    public var type: AccountType
    /// `ACCOUNTNUM`: The account number at the bank.
    public var number: String?
    /// `STATUS`: Open or Closed.
    public var status: AccountStatus
    /// `NOTES`.
    public var notes: String?
    /// `HELDAT`: The institution holding the account.
    public var heldAt: String?
    /// `WEBSITE`.
    public var website: String?
    /// `CONTACTINFO`.
    public var contactInfo: String?
    /// `ACCESSINFO`.
    public var accessInfo: String?
    /// `INITIALBAL`: The balance before the first transaction.
    public var initialBalance: Amount?
    /// `INITIALDATE`: The day the initial balance applies from.
    public var initialDate: MMEXDate?
    /// `FAVORITEACCT`: `TRUE` or `FALSE` as text (see ``isFavorite``).
    public var favorite: String
    /// `CURRENCYID`: `CURRENCYFORMATS_V1.CURRENCYID`.
    public var currencyId: Int64
    /// `STATEMENTLOCKED`: 1 when transactions up to ``statementDate`` are locked.
    public var statementLocked: Int64?
    /// `STATEMENTDATE`.
    public var statementDate: MMEXDate?
    /// `MINIMUMBALANCE`.
    public var minimumBalance: Amount?
    /// `CREDITLIMIT`.
    public var creditLimit: Amount?
    /// `INTERESTRATE`.
    public var interestRate: Amount?
    /// `PAYMENTDUEDATE`.
    public var paymentDueDate: MMEXDate?
    /// `MINIMUMPAYMENT`.
    public var minimumPayment: Amount?

    public init(
        id: Int64, name: String, type: AccountType, number: String? = nil, status: AccountStatus,
        notes: String? = nil, heldAt: String? = nil, website: String? = nil, contactInfo: String? = nil,
        accessInfo: String? = nil, initialBalance: Amount? = nil, initialDate: MMEXDate? = nil, favorite: String,
        currencyId: Int64, statementLocked: Int64? = nil, statementDate: MMEXDate? = nil,
        minimumBalance: Amount? = nil, creditLimit: Amount? = nil, interestRate: Amount? = nil,
        paymentDueDate: MMEXDate? = nil, minimumPayment: Amount? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.number = number
        self.status = status
        self.notes = notes
        self.heldAt = heldAt
        self.website = website
        self.contactInfo = contactInfo
        self.accessInfo = accessInfo
        self.initialBalance = initialBalance
        self.initialDate = initialDate
        self.favorite = favorite
        self.currencyId = currencyId
        self.statementLocked = statementLocked
        self.statementDate = statementDate
        self.minimumBalance = minimumBalance
        self.creditLimit = creditLimit
        self.interestRate = interestRate
        self.paymentDueDate = paymentDueDate
        self.minimumPayment = minimumPayment
    }
}

extension Account {
    /// Whether ``favorite`` says `TRUE` (MMEX writes `TRUE`/`FALSE`; compared case-insensitively).
    public var isFavorite: Bool { favorite.asciiUppercased == "TRUE" }
}
