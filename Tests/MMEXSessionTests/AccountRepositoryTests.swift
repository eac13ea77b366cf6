import Foundation
import MMEXModel
import PersistenceSession
import SQLiteEngine
import TestSupport
import Testing

/// The account slice's contract on each session, checked against SQL written independently here.
@Suite("Account repository")
struct AccountRepositoryTests {
    /// The balance by one CASE expression over the rules (the oracle).
    private func oracleBalance(_ path: String, account: Int64, before next: String) throws -> Double {
        let sql = """
            SELECT ifnull((SELECT INITIALBAL FROM ACCOUNTLIST_V1 WHERE ACCOUNTID = \(account)), 0) + ifnull((SELECT total(
              CASE WHEN ACCOUNTID = \(account) AND TRANSCODE = 'Deposit' THEN TRANSAMOUNT
                   WHEN ACCOUNTID = \(account) AND TRANSCODE IN ('Withdrawal', 'Transfer') THEN -TRANSAMOUNT ELSE 0 END
              + CASE WHEN TOACCOUNTID = \(account) AND TRANSCODE = 'Transfer' THEN TOTRANSAMOUNT ELSE 0 END)
              FROM CHECKINGACCOUNT_V1 WHERE ifnull(STATUS, '') <> 'V' AND ifnull(DELETEDTIME, '') = ''
              AND TRANSDATE < '\(next)'), 0)
            """
        guard case .real(let value)? = try Files.scalar(path, sql) else {
            if case .integer(let value)? = try Files.scalar(path, sql) { return Double(value) }
            return .nan
        }
        return value
    }

    @Test("balance as of a day: initial balance plus counted deposits, withdrawals, transfers out and in", arguments: Driver.allCases)
    func balances(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        defer { try? session.close() }
        let accounts = try session.read { try $0.accounts.accounts() }
        #expect(accounts.count == 21)
        for account in accounts {
            for (day, next) in [("2023-06-30", "2023-07-01"), ("2024-09-01", "2024-09-02"), ("2030-01-01", "2030-01-02")] {
                let balance = try session.read { try $0.accounts.balance(accountId: account.id, asOf: try #require(CalendarDay(iso: day))) }
                let expected = try oracleBalance(path, account: account.id, before: next)
                let value = try #require(balance.doubleValue)
                #expect(abs(value - expected) <= 1e-6 * max(1, abs(expected)), "\(account.name) on \(day): \(balance) vs \(expected)")
            }
        }
        let before = try session.read { try $0.accounts.balance(accountId: 2, asOf: try #require(CalendarDay(iso: "1999-01-01"))) }
        #expect(before == .integer(80), "nothing counted before the first transaction: the initial balance as stored")
    }

    @Test("flows per account and status leave investment accounts out and count transfers on both sides", arguments: Driver.allCases)
    func flows(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        defer { try? session.close() }
        let flows = try session.read { try $0.accounts.flows() }
        let investment = try session.read { try $0.accounts.accounts() }.filter { $0.type == .investment }.map(\.id)
        #expect(!flows.isEmpty)
        #expect(flows.allSatisfy { !investment.contains($0.accountId) })
        #expect(flows.map(\.accountId) == flows.map(\.accountId).sorted())
        let wallet = flows.filter { $0.accountId == 2 }
        let voidOut = wallet.first { $0.status == .void }?.transfersOut
        #expect(voidOut == .real(1656.19), "the void transfer out of the wallet, as its own status")
        let transfersIn = flows.filter { $0.accountId == 2 }.compactMap(\.transfersIn.doubleValue).reduce(0, +)
        let expectedIn = try Files.scalar(
            path, "SELECT total(TOTRANSAMOUNT) FROM CHECKINGACCOUNT_V1 WHERE TOACCOUNTID = 2 AND TRANSCODE = 'Transfer' AND ifnull(DELETEDTIME, '') = ''"
        )
        #expect(expectedIn.map { if case .real(let v) = $0 { abs(v - transfersIn) < 1e-6 } else { false } } == true)
    }

    @Test("delete removes the account's transactions and their splits and links in one unit of work", arguments: Driver.allCases)
    func cascade(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let path = try Files.plainCopy(in: folder)
        let session = try driver.open(path)
        #expect(try session.write { try $0.accounts.deleteAccount(id: 1) })
        #expect(try session.write { try $0.accounts.deleteAccount(id: 1) } == false)
        try session.close()
        #expect(try Files.scalar(path, "SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE ACCOUNTID = 1 OR TOACCOUNTID = 1") == .integer(0))
        #expect(try Files.scalar(path, "SELECT count(*) FROM SPLITTRANSACTIONS_V1 WHERE TRANSID NOT IN (SELECT TRANSID FROM CHECKINGACCOUNT_V1)") == .integer(0))
        #expect(try Files.scalar(path, "SELECT count(*) FROM TAGLINK_V1 WHERE REFTYPE = 'Transaction' AND REFID NOT IN (SELECT TRANSID FROM CHECKINGACCOUNT_V1)") == .integer(0))
    }

    @Test("names are NOCASE-unique; an insert gets a minted id", arguments: Driver.allCases)
    func writes(driver: Driver) throws {
        let session = try driver.sample()
        defer { try? session.close() }
        let account = Account(id: 0, name: "DP Cash", type: .cash, status: .open, initialBalance: 0.1, favorite: "TRUE", currencyId: 1)
        let stored = try session.write { try $0.accounts.insert(account) }
        #expect(stored.id != 0)
        #expect(try session.read { try $0.accounts.account(named: "dp CASH") } == stored)
        #expect(throws: PersistenceError.self) { try session.write { try $0.accounts.insert(account) } }
    }
}
