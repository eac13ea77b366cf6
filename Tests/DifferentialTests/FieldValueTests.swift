import Differential
import Foundation
import Testing

@Suite("Returned values become field trees")
struct FieldValueTests {
    struct Money: Codable, Equatable {
        let amount: Double
        let count: Int64
        let label: String?
        let tags: [String]
    }

    enum Stored: Codable, Equatable {
        case integer(Int64)
        case real(Double)
    }

    @Test("integers, doubles, strings, nulls and nesting keep their kinds")
    func kinds() throws {
        let value = try FieldValue(encoding: Money(amount: 1, count: 1, label: nil, tags: ["a"]))
        #expect(value["amount"] == .double(1))
        #expect(value["count"] == .integer(1))
        #expect(value["label"] == nil, "an absent optional is absent")
        #expect(value["tags"] == .array([.string("a")]))
        #expect(try FieldValue(encoding: Optional<Int>.none) == .null)
        #expect(try FieldValue(encoding: Stored.integer(1)) != FieldValue(encoding: Stored.real(1)))
        #expect(try FieldValue(encoding: ["k": 1])["k"] == .integer(1))
        #expect(try FieldValue(encoding: UInt64.max) == .unsigned(.max))
    }

    @Test("rendering is compact and cut at the limit")
    func rendering() throws {
        let value = try FieldValue(encoding: Money(amount: 0.1, count: 2, label: "x", tags: []))
        #expect(value.rendered() == "{amount: 0.1, count: 2, label: \"x\", tags: []}")
        let long = try FieldValue(encoding: String(repeating: "a", count: 500))
        #expect(long.rendered(limit: 10).count == 11)
    }
}
