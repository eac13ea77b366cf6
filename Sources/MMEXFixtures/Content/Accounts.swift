import SQLiteEngine

/// What an account is used for, which decides the transactions it gets.
enum AccountRole {
    case everyday, card, savings, investment, shares, loan, asset, crypto
}

/// An account as written, for the transaction stream.
struct AccountEntry {
    let id: Int64
    let name: String
    let role: AccountRole
    /// Index into ``FixtureWorld/currencies``.
    let currency: Int
    /// The part of the timeline (in thousandths) in which it gets transactions; a closed account stops early.
    let activeFrom: Int
    let activeUntil: Int
    /// Relative share of the everyday transactions.
    let weight: Int
}

/// One account of the catalogue. Money is in the account currency's smallest unit.
private struct AccountSpec {
    let name: String
    let type: String
    let currency: String
    let role: AccountRole
    var open = true
    var initialBalance: Int64 = 0
    var activeFrom = 0
    var activeUntil = 1000
    var weight = 0
    var origin = Origin.desktop
    var favorite = false
    var number: String?
    var heldAt: String?
    var website: String?
    var contact: String?
    var access: String?
    var notes: String?
    var creditLimit: Int64?
    /// Percent, two decimals (1890 = 18.90 %).
    var interestRate: Int64?
    var minimumPayment: Int64?
    var minimumBalance: Int64?
}

/// Accounts of every MMEX type (Checking, Cash, Credit Card, Term, Investment, Loan, Asset, Shares), open and
/// closed, in eight currencies, with a Cyrillic name, a one-satoshi opening balance, a balance in the hundreds of
/// billions and negative ones for a card and two loans.
private let accountSpecs: [AccountSpec] = [
    AccountSpec(name: "Girokonto", type: "Checking", currency: "EUR", role: .everyday, initialBalance: 152_345, weight: 40,
                favorite: true, number: "DE89 3704 0044 0532 0130 00", heldAt: "Sparkasse", website: "https://www.sparkasse.de",
                contact: "+49 89 1234-0", access: "Online banking, login on the card", notes: "Main account\nsalary arrives here",
                minimumBalance: 0),
    AccountSpec(name: "Wallet", type: "Cash", currency: "EUR", role: .everyday, initialBalance: 8_000, weight: 15, favorite: true),
    AccountSpec(name: "Visa Card", type: "Credit Card", currency: "EUR", role: .card, initialBalance: -31_025, weight: 20,
                number: "4111 **** **** 1111", heldAt: "Sparkasse", creditLimit: 500_000, interestRate: 1890,
                minimumPayment: 2_500),
    AccountSpec(name: "Chase Checking", type: "Checking", currency: "USD", role: .everyday, initialBalance: 250_000,
                activeFrom: 100, weight: 8, heldAt: "JPMorgan Chase", website: "https://www.chase.com"),
    AccountSpec(name: "Barclays Current", type: "Checking", currency: "GBP", role: .everyday, open: false,
                initialBalance: 10, activeUntil: 450, weight: 4, notes: "Closed after moving back"),
    AccountSpec(name: "Festgeld", type: "Term", currency: "EUR", role: .savings, initialBalance: 2_500_000,
                interestRate: 325),
    AccountSpec(name: "Depot", type: "Investment", currency: "EUR", role: .investment, heldAt: "Comdirect"),
    AccountSpec(name: "Brokerage US", type: "Investment", currency: "USD", role: .investment, activeFrom: 150,
                origin: .mobile, heldAt: "Interactive Brokers"),
    AccountSpec(name: "SAP SE", type: "Shares", currency: "EUR", role: .shares),
    AccountSpec(name: "Vanguard FTSE All-World", type: "Shares", currency: "EUR", role: .shares),
    AccountSpec(name: "ACME Corp", type: "Shares", currency: "USD", role: .shares, activeFrom: 150, origin: .mobile),
    AccountSpec(name: "Apple Inc.", type: "Shares", currency: "USD", role: .shares, activeFrom: 150, origin: .mobile),
    AccountSpec(name: "Car Loan", type: "Loan", currency: "EUR", role: .loan, initialBalance: -1_850_000,
                activeFrom: 200, interestRate: 390, minimumPayment: 35_000),
    AccountSpec(name: "House", type: "Asset", currency: "EUR", role: .asset),
    AccountSpec(name: "Bitcoin Wallet", type: "Cash", currency: "BTC", role: .crypto, initialBalance: 1, weight: 3,
                origin: .mobile, notes: "Opening balance: one satoshi"),
    AccountSpec(name: "Ether Wallet", type: "Cash", currency: "ETH", role: .crypto, initialBalance: 500_000_000,
                weight: 2, origin: .mobile),
    AccountSpec(name: "Yen Cash", type: "Cash", currency: "JPY", role: .everyday, open: false, initialBalance: 12_000,
                activeUntil: 400, weight: 3),
    AccountSpec(name: "Кошелёк", type: "Cash", currency: "RUB", role: .everyday, open: false, initialBalance: 500_000,
                activeUntil: 300, weight: 3),
    AccountSpec(name: "Old Savings", type: "Checking", currency: "CHF", role: .savings, open: false,
                initialBalance: 1_000_000, activeUntil: 600),
    AccountSpec(name: "Family Trust", type: "Term", currency: "CHF", role: .savings, initialBalance: 12_345_678_901_234,
                origin: .mobile, notes: "Large balance on purpose"),
    AccountSpec(name: "Mortgage", type: "Loan", currency: "EUR", role: .loan, open: false, initialBalance: -25_000_000,
                activeUntil: 700),
]

/// The accounts of each role that the stream uses, by index into ``FixtureWorld/accounts``.
extension FixtureWorld {
    func accountIndexes(_ role: AccountRole) -> [Int] {
        accounts.indices.filter { accounts[$0].role == role }
    }

    func accountIndex(named name: String) -> Int {
        accounts.firstIndex { $0.name == name } ?? 0
    }

    func writeAccounts() throws {
        var random = random(.accounts)
        for spec in accountSpecs {
            let currency = currencyIndex(spec.currency)
            let digits = currencies[currency].digits
            let opened = timeline.day(permille: spec.activeFrom)
            let id = mintId(.account, origin: spec.origin, day: opened, random: &random)
            func money(_ units: Int64?) -> SQLiteValue {
                units.map { FixedPoint(units: $0, digits: digits).sqlValue } ?? .null
            }
            // Desktop leaves the card and statement columns NULL when unused; the iOS app writes 0 and "".
            let unset: SQLiteValue = spec.origin == .mobile ? .int(0) : .null
            let statementLocked: SQLiteValue = spec.role == .everyday && spec.open ? .int(random.below(2)) : unset
            let statementDate: SQLiteValue = statementLocked == .int(1)
                ? .text(timeline.day(permille: 800).iso) : (spec.origin == .mobile ? .text("") : .null)
            try sink.insert(.account, [
                .int(id), .text(spec.name), .text(spec.type), .optionalText(spec.number), .text(spec.open ? "Open" : "Closed"),
                .optionalText(spec.notes), .optionalText(spec.heldAt), .optionalText(spec.website),
                .optionalText(spec.contact), .optionalText(spec.access), money(spec.initialBalance), .text(opened.iso),
                .text(spec.favorite ? "TRUE" : "FALSE"), .int(currencies[currency].id), statementLocked, statementDate,
                spec.minimumBalance.map { money($0) } ?? unset, spec.creditLimit.map { money($0) } ?? unset,
                spec.interestRate.map { FixedPoint(units: $0, digits: 2).sqlValue } ?? unset,
                spec.creditLimit != nil ? .text(timeline.day(permille: 990).iso) : .null,
                spec.minimumPayment.map { money($0) } ?? unset,
            ])
            accounts.append(AccountEntry(
                id: id, name: spec.name, role: spec.role, currency: currency, activeFrom: spec.activeFrom,
                activeUntil: spec.activeUntil, weight: spec.weight
            ))
        }
    }
}
