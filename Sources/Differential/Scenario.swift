/// One call the harness makes on both implementations, with a name a report can show.
///
/// The body returns any `Encodable` value (a record, an array, a struct of several results); the harness turns it
/// into a ``FieldValue`` tree right away and compares field by field. A thrown error is an outcome too: both sides
/// must throw the same error (as described by ``DifferentialHarness/describeError``).
public struct DifferentialOperation<Subject>: Sendable {
    /// Shown in reports; generated operations put their arguments in it (`setValue("UID", "x")`).
    public let name: String
    let body: @Sendable (Subject) throws -> EncodedOutcome

    /// An operation named `name` whose `body` runs it on one side's opened subject.
    ///
    /// - Parameters:
    ///   - name: The name reports show; put the arguments in it (`setValue("UID", "x")`).
    ///   - body: Runs the operation; what it returns is compared field by field, what it throws by description.
    public init<Result: Encodable>(_ name: String, _ body: @escaping @Sendable (Subject) throws -> Result) {
        self.name = name
        let erased: @Sendable (Subject) throws -> any Encodable = body
        self.body = { subject in try EncodedOutcome(erased(subject)) }
    }

    /// The name without its argument list (`setValue`), used to recognise the same failure after shrinking.
    var baseName: String {
        name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
    }
}

/// A named list of operations run in order through both implementations, each on its own copy of one file.
public struct Scenario<Subject>: Sendable {
    /// The name reports show for the scenario.
    public var name: String
    /// The operations, run in this order through each side.
    public var operations: [DifferentialOperation<Subject>]
    /// The seed a generated scenario came from (reported with any mismatch so it can be replayed).
    public var seed: UInt64?

    /// A scenario of hand-written operations (or of generated ones, given their seed).
    ///
    /// - Parameters:
    ///   - name: The name reports show.
    ///   - operations: The operations, in order.
    ///   - seed: The seed the operations were drawn from, so a report can name it; `nil` when hand-written.
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
    /// Opens the implementation on the working copy at `path` (a fresh copy of the source): applies a key,
    /// chooses a driver, wraps a session in a repository.
    public let open: @Sendable (_ path: String) throws -> Subject
    /// Closes what ``open`` returned, releasing every connection, so the files left beside the copy can be compared.
    public let close: @Sendable (Subject) throws -> Void

    /// A side named `name`, opened and closed by the given closures.
    ///
    /// - Parameters:
    ///   - name: The side's name in reports (`legacy`, `queue`, `pool`).
    ///   - open: Opens the implementation on a copy's path.
    ///   - close: Closes it, releasing every connection.
    public init(
        name: String, open: @escaping @Sendable (_ path: String) throws -> Subject,
        close: @escaping @Sendable (Subject) throws -> Void
    ) {
        self.name = name
        self.open = open
        self.close = close
    }
}
