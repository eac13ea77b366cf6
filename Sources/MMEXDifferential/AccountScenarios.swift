import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// The differential scenarios of the accounts repository (slice 2): lookups, balances as of a day, flows per account
/// and status, and writes including the cascading delete.
///
/// The hand-written scenarios pin NOCASE names, balances before, on and after transaction days (time suffixes,
/// void and deleted rows, transfers in the destination's currency), flows with investment accounts left out, the
/// storage class of initial balances (INTEGER, REAL, TEXT, NULL), unique names, and a delete that cascades through
/// transactions, splits and links; the random generator mixes every operation over pools of ids, names and days.
enum AccountScenarios {
    static var slice: PortedSlice {
        PortedSlice(
            slice: .accounts, repositories: [.accounts], handWritten: handWritten, random: generator,
            readBack: [SliceReadBack.accounts, SliceReadBack.accountFlows]
        )
    }

    // MARK: Pools

    /// The committed fixtures' account ids (1...15 and six minted ones), ids nothing uses, and minted ids.
    static let ids: [Int64] = [
        1, 2, 3, 4, 5, 7, 10, 12, 13, 15, 1_686_744_000_000_115, 1_686_744_000_003_485, 0, 99, 1_767_225_600_003_237,
    ]
    static let names: [String] = ["Wallet", "wallet", "WALLET", "Кошелёк", "кошелёк", "Girokonto", "DP Account", "dp account", ""] + CornerValues.names
    static let days: [String] = [
        "1999-01-01", "2023-01-01", "2023-02-11", "2023-08-24", "2024-01-14", "2024-06-15", "2024-09-01", "2025-06-30",
        "9999-12-31",
    ]
    static let balances: [Amount?] = [nil, 0, 100, -250, 0.1, 1e-8, 123_456_789_012.34, .text("n/a")]
    static let types: [AccountType] = [.cash, .checking, .investment, .creditCard, .shares, .unknown("Crypto")]

    static func day(_ text: String) -> CalendarDay { CalendarDay(iso: text) ?? CalendarDay(year: 2024, month: 1, day: 1)! }

    static func account(id: Int64 = 0, name: String, type: AccountType = .cash, initial: Amount? = 0, currency: Int64 = 2) -> Account {
        Account(
            id: id, name: name, type: type, number: "DE00 1234", status: .open, notes: "note", initialBalance: initial,
            initialDate: "2023-01-01", favorite: "TRUE", currencyId: currency, minimumBalance: 0.5
        )
    }

    // MARK: Operations

    static func all() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("accounts.accounts()") { try $0.accounts.accounts() }
    }

    static func byId(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("accounts.account(id: \(id))") { try $0.accounts.account(id: id) }
    }

    static func named(_ name: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("accounts.account(named: \(quoted(name)))") { try $0.accounts.account(named: name) }
    }

    static func balance(_ id: Int64, _ dayText: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("accounts.balance(accountId: \(id), asOf: \(dayText))") {
            try $0.accounts.balance(accountId: id, asOf: day(dayText))
        }
    }

    /// Every account's balance on one day, in one read.
    static func allBalances(_ dayText: String) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("every account's balance as of \(dayText)") { context -> [Amount] in
            let accounts = context.accounts
            return try accounts.accounts().map { try accounts.balance(accountId: $0.id, asOf: day(dayText)) }
        }
    }

    static func flows() -> DifferentialOperation<any MMEXSession> {
        SessionOperation.read("accounts.flows()") { try $0.accounts.flows() }
    }

    static func insert(_ account: Account) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("accounts.insert(id \(account.id), \(quoted(account.name)), \(account.type), \(String(describing: account.initialBalance)))") {
            try $0.accounts.insert(account)
        }
    }

    /// Changes an existing account (read in the same unit of work): name, type and initial balance.
    static func change(_ id: Int64, name: String, type: AccountType, initial: Amount?) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("accounts.update(\(id): \(quoted(name)), \(type), \(String(describing: initial)))") { context -> Account? in
            guard var account = try context.accounts.account(id: id) else { return nil }
            account.name = name
            account.type = type
            account.initialBalance = initial
            try context.accounts.update(account)
            return try context.accounts.account(id: id)
        }
    }

    static func update(_ account: Account) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("accounts.update(id \(account.id), \(quoted(account.name)))") { context -> Account? in
            try context.accounts.update(account)
            return try context.accounts.account(id: account.id)
        }
    }

    static func delete(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.write("accounts.deleteAccount(id: \(id))") { try $0.accounts.deleteAccount(id: id) }
    }

    static func rolledBack(_ id: Int64) -> DifferentialOperation<any MMEXSession> {
        SessionOperation.abortedWrite("write { deleteAccount(\(id)); insert; throw }") { context in
            try context.accounts.deleteAccount(id: id)
            try context.accounts.insert(account(name: "DP Rolled Back"))
        }
    }

    private static func quoted(_ text: String?) -> String { SessionOperation.quoted(text) }

    // MARK: Hand-written scenarios

    static var handWritten: [SliceScenario] {
        [
            SliceScenario("read everything", covers: [.accounts], [
                all(), byId(1), byId(99), named("Wallet"), flows(), allBalances("2024-06-30"), allBalances("9999-12-31"),
            ]),
            SliceScenario("NOCASE names", covers: [.accounts], [
                named("wallet"), named("WALLET"), named("кошелёк"), named("Кошелёк"), insert(account(name: "DP Account")),
                named("dp ACCOUNT"), insert(account(name: "dp account")), insert(account(name: "Кошелёк")),
                insert(account(name: "КОШЕЛЁК")), all(),
            ]),
            SliceScenario("balances as of a day", covers: [.accounts], [
                balance(2, "1999-01-01"), balance(2, "2023-02-11"), balance(2, "2023-08-24"), balance(2, "2024-01-14"),
                balance(2, "2024-06-15"), balance(2, "2024-09-01"), balance(15, "2024-01-14"), balance(99, "2024-01-01"),
                balance(1_686_744_000_003_485, "2023-11-09"), balance(1_686_744_000_003_485, "2023-11-10"),
                balance(1, "9999-12-31"), allBalances("2023-12-31"),
            ]),
            SliceScenario("initial balances keep their storage class", covers: [.accounts], [
                change(2, name: "Wallet", type: .cash, initial: 0.1), balance(2, "2024-01-01"),
                change(2, name: "Wallet", type: .cash, initial: nil), balance(2, "2024-01-01"),
                change(2, name: "Wallet", type: .cash, initial: .text("n/a")), balance(2, "2024-01-01"),
                insert(account(name: "DP Huge", initial: 9_223_372_036_854_775_807)), allBalances("2024-01-01"),
            ]),
            SliceScenario("flows", covers: [.accounts], [
                flows(), change(1, name: "Girokonto", type: .investment, initial: 0), flows(),
                change(7, name: "Depot", type: .cash, initial: 0), flows(), delete(2), flows(),
            ]),
            SliceScenario("insert, update, delete", covers: [.accounts], [
                insert(account(name: "DP New", initial: 12.5)), insert(account(id: 1, name: "DP Clash")),
                insert(account(id: 5_000, name: "DP Given")), update(account(id: 5_000, name: "DP Given Renamed", type: .unknown("Crypto"))),
                update(account(id: 5_001, name: "DP Nobody")), update(account(id: 5_000, name: "wallet")), delete(5_000),
                delete(5_000), delete(1), delete(1_686_744_000_003_485), all(), flows(), allBalances("2025-01-01"),
            ]),
            SliceScenario("balances the day before a day-only transaction: withdrawal, deposit, transfer out and in", covers: [.accounts], [
                balance(1, "2022-12-31"), balance(8, "2023-01-27"), balance(1, "2023-02-01"), balance(11, "2023-02-01"),
                balance(1, "2023-01-01"), balance(11, "2023-02-02"),
            ]),
            SliceScenario("a deleted transfer into an account counts in no flow", covers: [.accounts], [
                TransactionScenarios.insert(TransactionDetail(transaction: {
                    var transfer = TransactionScenarios.transfer(from: 7, to: 1, amount: 5, toAmount: 5)
                    transfer.deletedTime = "2024-05-01T10:00:00"
                    return transfer
                }())),
                flows(),
            ]),
            SliceScenario("deleting an account deletes the share info of transfers into it", covers: [.accounts], [
                TransactionScenarios.insert(TransactionDetail(
                    transaction: TransactionScenarios.transfer(id: 6_200_001, from: 4, to: 13, amount: 3, toAmount: 3),
                    shareInfo: ShareInfo(id: 0, transactionId: 0, shares: 2, price: 1.5, commission: 0, lot: "DP"))),
                delete(13),
                // The same id again, without share info: share info left behind by the delete would show up.
                TransactionScenarios.insert(TransactionDetail(transaction: TransactionScenarios.withdrawal(id: 6_200_001, account: 4))),
                TransactionScenarios.get(6_200_001),
            ]),
            SliceScenario("units of work", covers: [.accounts], [rolledBack(2), byId(2), balance(2, "2030-01-01"), all()]),
        ]
    }

    // MARK: Random operations

    static var generator: OperationGenerator<any MMEXSession> {
        func id(_ random: inout SplitMix64) -> Int64 { random.element(of: ids) ?? 1 }
        func dayText(_ random: inout SplitMix64) -> String { random.element(of: days) ?? "2024-01-01" }
        func name(_ random: inout SplitMix64) -> String {
            random.chance(1, in: 3) ? "DP Account \(random.below(6))" : CornerValues.caseVariant(of: random.element(of: names) ?? "Wallet", &random)
        }
        func type(_ random: inout SplitMix64) -> AccountType { random.element(of: types) ?? .cash }
        func initial(_ random: inout SplitMix64) -> Amount? { random.element(of: balances) ?? nil }
        return .weighted([
            (2, OperationGenerator { _ in all() }),
            (3, OperationGenerator { random in byId(id(&random)) }),
            (3, OperationGenerator { random in named(name(&random)) }),
            (10, OperationGenerator { random in balance(id(&random), dayText(&random)) }),
            (1, OperationGenerator { random in allBalances(dayText(&random)) }),
            (3, OperationGenerator { _ in flows() }),
            (4, OperationGenerator { random in
                let insertedId: Int64 = random.chance(1, in: 4) ? id(&random) : 0
                return insert(account(id: insertedId, name: name(&random), type: type(&random), initial: initial(&random)))
            }),
            (4, OperationGenerator { random in change(id(&random), name: name(&random), type: type(&random), initial: initial(&random)) }),
            (1, OperationGenerator { random in delete(id(&random)) }),
            (1, OperationGenerator { random in rolledBack(id(&random)) }),
        ])
    }
}

// MARK: The slice's place in the port and its repositories

extension RepositorySlice {
    /// Accounts (the lookups' stage).
    package static let accounts = RepositorySlice("accounts", stage: 2)
}

extension MMEXRepository {
    /// `AccountRepository`, vended by both drivers.
    package static let accounts = MMEXRepository(AccountRepositoryKey.self)
}
