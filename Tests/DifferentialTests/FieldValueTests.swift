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

    /// A custom encoding that writes keys again, nests under a key written before, and records the coding paths its
    /// nested values see.
    struct Rewriting: Encodable {
        let fields: Int
        let paths: PathLog

        enum Keys: CodingKey {
            case dynamic(String)
            var stringValue: String { if case .dynamic(let name) = self { name } else { "" } }
            init?(stringValue: String) { self = .dynamic(stringValue) }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            for index in 0..<fields { try container.encode(index, forKey: .dynamic("f\(index)")) }
            try container.encode("again", forKey: .dynamic("f0"))
            try container.encode("last", forKey: .dynamic("f\(fields - 1)"))
            try container.encode(Probe(paths: paths), forKey: .dynamic("probe"))
            var nested = container.nestedUnkeyedContainer(forKey: .dynamic("list"))
            try nested.encode(1)
            try nested.encode(Probe(paths: paths))
            try nested.encodeNil()
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .dynamic("f1"))
            try inner.encode(true, forKey: .dynamic("b"))
        }
    }

    struct Probe: Encodable {
        let paths: PathLog
        func encode(to encoder: any Encoder) throws {
            paths.append(encoder.codingPath.map(\.stringValue).joined(separator: "."))
            var container = encoder.singleValueContainer()
            try container.encode("probe")
        }
    }

    final class PathLog {
        var paths: [String] = []
        func append(_ path: String) { paths.append(path) }
    }

    @Test("members keep the order of their first encoding; a key encoded again keeps its place and takes the new value", arguments: [3, 8, 9, 40])
    func keysEncodedAgain(fields: Int) throws {
        let log = PathLog()
        let value = try FieldValue(encoding: Rewriting(fields: fields, paths: log))
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members.map(\.key) == (0..<fields).map { "f\($0)" } + ["probe", "list"])
        #expect(value["f0"] == .string("again"))
        #expect(value["f1"]?["b"] == .bool(true), "a container asked for under a key replaces its value")
        #expect(value["f\(fields - 1)"] == .string("last"))
        #expect(value["probe"] == .string("probe"))
        #expect(value["list"] == .array([.integer(1), .string("probe"), .null]))
        #expect(log.paths == ["probe", "list.1"], "a nested value sees its coding path")
    }

    @Test("rendering is compact and cut at the limit")
    func rendering() throws {
        let value = try FieldValue(encoding: Money(amount: 0.1, count: 2, label: "x", tags: []))
        #expect(value.rendered() == "{amount: 0.1, count: 2, label: \"x\", tags: []}")
        let long = try FieldValue(encoding: String(repeating: "a", count: 500))
        #expect(long.rendered(limit: 10).count == 11)
    }
}
