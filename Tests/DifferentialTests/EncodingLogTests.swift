@testable import Differential
import Foundation
import Testing

@Suite("Returned values are compared by their encoding logs first, as trees only when the logs differ")
struct EncodingLogTests {
    struct Entry: Encodable {
        var id: Int64
        var amount: Double
        var note: String?
        var tags: [String]
        var nested: [Entry]
    }

    /// A custom encoding that branches on what the encoder shows it (the count of its unkeyed container, the coding
    /// path): it must make the same calls through the log encoder and the tree encoder.
    struct Branching: Encodable {
        let items: [Int]
        func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            for item in items {
                if list.count.isMultiple(of: 2) { try list.encode(item) } else { try list.encode(String(item)) }
            }
            try list.encode(list.codingPath.count)
        }
    }

    private static func entry(_ seed: Int, amount: Double = 1.5, note: String? = "n") -> Entry {
        Entry(id: Int64(seed), amount: amount, note: note, tags: ["a", "b"], nested: [
            Entry(id: 1, amount: 0.1, note: nil, tags: [], nested: []),
        ])
    }

    private static func identical(_ left: some Encodable, _ right: some Encodable) throws -> Bool {
        try FieldValue(encoding: left).isIdentical(to: FieldValue(encoding: right))
    }

    @Test("equal values have equal logs; one field apart, or 0.0 against -0.0, the logs differ as the trees do")
    func logsFollowTheTrees() throws {
        let pairs: [(Entry, Entry)] = [
            (Self.entry(1), Self.entry(1)),
            (Self.entry(1), Self.entry(2)),
            (Self.entry(1, amount: 0.0), Self.entry(1, amount: -0.0)),
            (Self.entry(1, amount: .nan), Self.entry(1, amount: .nan)),
            (Self.entry(1, note: nil), Self.entry(1, note: "")),
            (Self.entry(1), Entry(id: 1, amount: 1.5, note: "n", tags: ["a", "b"], nested: [])),
        ]
        for (left, right) in pairs {
            let same = try EncodedOutcome(left).hasSameLog(as: EncodedOutcome(right))
            let identical = try Self.identical(left, right)
            // Equal logs must mean identical trees; different logs are then compared as trees.
            #expect(!same || identical, "equal logs for trees that differ: \(left) vs \(right)")
            #expect(same == identical, "for these values the log tells exactly: \(left) vs \(right)")
        }
    }

    @Test("an encode(to:) that branches on the container's count and path makes the same tree through both encoders")
    func branchingEncodingSeesTheSameState() throws {
        let value = Branching(items: [1, 2, 3])
        #expect(try FieldValue(encoding: value) == .array([.integer(1), .string("2"), .integer(3), .integer(0)]))
        let log = try EncodedOutcome(value)
        let stored: [EncodingLog.Primitive] = log.log.compactMap { entry in
            if case .store(_, _, let value) = entry { value } else { nil }
        }
        #expect(stored == [.integer(1), .string("2"), .integer(3), .integer(0)], "the log encoder shows the same count")
        #expect(try log.hasSameLog(as: EncodedOutcome(Branching(items: [1, 2, 3]))))
        #expect(try !log.hasSameLog(as: EncodedOutcome(Branching(items: [1, 2, 4]))))
    }

    /// The same fields stored through the keyed container's primitive methods (`encode(_: Int64, forKey:)`, ...) or
    /// through its generic `encode(_:forKey:)`.
    struct Primitives: Encodable {
        enum CodingKeys: String, CodingKey { case int, int64, double, bool, string }
        let generic: Bool
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            func store<T: Encodable>(_ value: T, _ key: CodingKeys) throws { try container.encode(value, forKey: key) }
            if generic {
                try store(7 as Int, .int)
                try store(-9 as Int64, .int64)
                try store(-0.0 as Double, .double)
                try store(true, .bool)
                try store("é", .string)
            } else {
                try container.encode(7 as Int, forKey: .int)
                try container.encode(-9 as Int64, forKey: .int64)
                try container.encode(-0.0 as Double, forKey: .double)
                try container.encode(true, forKey: .bool)
                try container.encode("é", forKey: .string)
            }
        }
    }

    @Test("a primitive stored through the keyed container's own method logs what the generic method logs")
    func primitiveMethodsLogLikeTheGenericOne() throws {
        let direct = try EncodedOutcome(Primitives(generic: false))
        let generic = try EncodedOutcome(Primitives(generic: true))
        #expect(direct.log == generic.log)
        #expect(direct.log.count == 6, "one container, five stores")
        #expect(try FieldValue(encoding: Primitives(generic: false)).isIdentical(to: FieldValue(encoding: Primitives(generic: true))))
    }

    @Test("the harness reports a returned difference by field, and nothing for equal values")
    func harnessComparesThroughLogs() throws {
        let harness = DifferentialHarness<Int>(
            baseline: DifferentialSide(name: "a", open: { _ in 0 }, close: { _ in }),
            candidate: DifferentialSide(name: "b", open: { _ in 1 }, close: { _ in })
        )
        let left = Result<EncodedOutcome, any Error> { try EncodedOutcome(Self.entry(1)) }
        let same = Result<EncodedOutcome, any Error> { try EncodedOutcome(Self.entry(1)) }
        let other = Result<EncodedOutcome, any Error> { try EncodedOutcome(Self.entry(1, amount: 2)) }
        #expect(harness.outcomeMismatches(.result, index: 0, operation: "op", left, same, baselinePath: "", candidatePath: "").isEmpty)
        let found = harness.outcomeMismatches(.result, index: 0, operation: "op", left, other, baselinePath: "", candidatePath: "")
        #expect(found.map(\.field) == ["amount"])
        #expect(found.map(\.baseline) == ["1.5"])
    }
}
