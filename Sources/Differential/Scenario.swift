/// One call the harness makes on both implementations, with a name a report can show.
///
/// The body returns any `Encodable` value (a record, an array, a struct of several results); the harness turns it
/// into a ``FieldValue`` tree right away and compares field by field. A thrown error is an outcome too: both sides
/// must throw the same error (as described by ``DifferentialHarness/describeError``).
public struct DifferentialOperation<Subject>: Sendable {
    /// Shown in reports; generated operations put their arguments in it (`setValue("UID", "x")`).
    public let name: String
    let body: @Sendable (Subject) throws -> EncodedOutcome

    public init<Result: Encodable>(_ name: String, _ body: @escaping @Sendable (Subject) throws -> Result) {
        self.name = name
        self.body = { subject in try EncodedOutcome(body(subject)) }
    }

    /// The name without its argument list (`setValue`), used to recognise the same failure after shrinking.
    var baseName: String {
        name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
    }
}

/// A named list of operations run in order through both implementations, each on its own copy of one file.
public struct Scenario<Subject>: Sendable {
    public var name: String
    public var operations: [DifferentialOperation<Subject>]
    /// The seed a generated scenario came from (reported with any mismatch so it can be replayed).
    public var seed: UInt64?

    public init(name: String, operations: [DifferentialOperation<Subject>], seed: UInt64? = nil) {
        self.name = name
        self.operations = operations
        self.seed = seed
    }
}

/// Makes random operations from a deterministic generator: the source of seeded random scenarios.
public struct OperationGenerator<Subject> {
    let make: (inout SplitMix64) -> DifferentialOperation<Subject>

    /// A generator from a function that draws one operation (its arguments drawn from the same generator).
    public init(_ make: @escaping (inout SplitMix64) -> DifferentialOperation<Subject>) {
        self.make = make
    }

    /// Picks one of several generators with the given relative weights (weights <= 0 are never picked).
    public static func weighted(
        _ choices: [(weight: Int, generator: OperationGenerator<Subject>)]
    ) -> OperationGenerator<Subject> {
        let usable = choices.filter { $0.weight > 0 }
        let total = usable.reduce(0) { $0 + $1.weight }
        precondition(total > 0, "weighted(_:) needs at least one positive weight")
        return OperationGenerator { random in
            var draw = random.below(total)
            for choice in usable {
                if draw < choice.weight { return choice.generator.make(&random) }
                draw -= choice.weight
            }
            return usable[usable.count - 1].generator.make(&random)
        }
    }

    /// A scenario of `count` operations drawn from `seed`; the same seed always gives the same scenario.
    public func scenario(named name: String, seed: UInt64, count: Int) -> Scenario<Subject> {
        var random = SplitMix64(seed: seed)
        let operations = (0..<max(0, count)).map { _ in make(&random) }
        return Scenario(name: name, operations: operations, seed: seed)
    }
}

/// How to open and close one implementation on a file (the harness supplies a fresh copy each time).
///
/// `open` does whatever the implementation needs: apply a key for an encrypted copy, choose a driver, wrap a session
/// in a repository. `close` must release every connection, so the files left beside the copy can be compared.
public struct DifferentialSide<Subject>: Sendable {
    /// `legacy`, `queue`, `pool`: shown in reports.
    public let name: String
    public let open: @Sendable (_ path: String) throws -> Subject
    public let close: @Sendable (Subject) throws -> Void

    public init(
        name: String, open: @escaping @Sendable (_ path: String) throws -> Subject,
        close: @escaping @Sendable (Subject) throws -> Void
    ) {
        self.name = name
        self.open = open
        self.close = close
    }
}
