import Foundation
import MMEXModel
import Testing

@Suite("Text enums keep values they do not know")
struct OpenTextEnumTests {
    @Test("known texts map to cases; anything else is kept as unknown and written back unchanged")
    func unknownValuesAreKept() throws {
        #expect(TransactionCode(rawValue: "Transfer") == .transfer)
        #expect(TransactionCode(rawValue: "Withdrawl") == .unknown("Withdrawl"))
        #expect(TransactionCode(rawValue: "withdrawal").rawValue == "withdrawal", "case is significant, as in MMEX")
        #expect(!TransactionCode(rawValue: "withdrawal").isKnown)
        #expect(TransactionStatus(rawValue: "") == .unreconciled)
        #expect(TransactionStatus(rawValue: "F") == .followUp)
        #expect(TransactionStatus(rawValue: "X").rawValue == "X")
        #expect(AccountType(rawValue: "Credit Card") == .creditCard)
        #expect(AccountType(rawValue: "Crypto Wallet") == .unknown("Crypto Wallet"))
        #expect(AccountStatus(rawValue: "Closed") == .closed)
        #expect(CipherChoice(rawValue: "sqlcipher4") == .sqlcipher4)
    }

    @Test("an unknown spelled like a known case equals it")
    func unknownEqualsKnownSpelling() {
        #expect(TransactionCode.unknown("Deposit") == .deposit)
        #expect(Set<TransactionStatus>([.reconciled, .unknown("R")]).count == 1)
    }

    @Test("every known case round-trips through its text, JSON and a stored value")
    func knownCasesRoundTrip() throws {
        for code in TransactionCode.knownCases { #expect(TransactionCode(rawValue: code.rawValue) == code) }
        for status in TransactionStatus.knownCases { #expect(TransactionStatus(rawValue: status.rawValue) == status) }
        for type in AccountType.knownCases { #expect(AccountType(rawValue: type.rawValue) == type) }
        let values: [TransactionStatus] = [.void, .unknown("?")]
        let json = try JSONEncoder().encode(values)
        #expect(String(decoding: json, as: UTF8.self) == "[\"V\",\"?\"]")
        #expect(try JSONDecoder().decode([TransactionStatus].self, from: json) == values)
        #expect(AccountType(storedValue: .text("Loan")) == .loan)
        #expect(AccountType(storedValue: .integer(1)) == nil)
    }

    @Test("investment-like account types are marked")
    func investmentTypes() {
        #expect(AccountType.investment.isInvestment)
        #expect(AccountType.shares.isInvestment)
        #expect(!AccountType.checking.isInvestment)
    }
}
