import Differential
import MMEXModel
import MMEXSession
import PersistenceSession

/// One differential operation on a whole session: a unit of work (read or write) the harness runs through both
/// sessions, comparing what it returns or throws.
///
/// Scenario files build their operations with these, so every operation goes through the session boundary the app
/// uses (units of work, contexts, repositories), never through a driver.
public enum SessionOperation {
    /// A read unit of work.
    public static func read<Result: Encodable & SendableMetatype>(
        _ name: String, _ body: @escaping @Sendable (any MMEXReadContext) throws -> Result
    ) -> DifferentialOperation<any MMEXSession> {
        DifferentialOperation(name) { session in try session.read(body) }
    }

    /// A read unit of work of a slice's read-back (``PortedSlice/readBack``), named "read back `name`": the
    /// legacy session runs it on the copy the reader/writer session left, and it must give what the reader/writer
    /// session reads there.
    public static func readBack<Result: Encodable & SendableMetatype>(
        _ name: String, _ body: @escaping @Sendable (any MMEXReadContext) throws -> Result
    ) -> DifferentialOperation<any MMEXSession> {
        read("read back \(name)", body)
    }

    /// A write unit of work (committed when `body` returns).
    public static func write<Result: Encodable & SendableMetatype>(
        _ name: String, _ body: @escaping @Sendable (any MMEXWriteContext) throws -> Result
    ) -> DifferentialOperation<any MMEXSession> {
        DifferentialOperation(name) { session in try session.write(body) }
    }

    /// A write unit of work that does `body` and then throws ``ScenarioAbort``: both sessions must roll it back.
    public static func abortedWrite(
        _ name: String, _ body: @escaping @Sendable (any MMEXWriteContext) throws -> Void
    ) -> DifferentialOperation<any MMEXSession> {
        DifferentialOperation(name) { session -> Bool in
            try session.write { context in
                try body(context)
                throw ScenarioAbort()
            }
        }
    }

    /// Any call on the session itself (nested units of work, escaped repositories, lifecycle).
    public static func session<Result: Encodable>(
        _ name: String, _ body: @escaping @Sendable (any MMEXSession) throws -> Result
    ) -> DifferentialOperation<any MMEXSession> {
        DifferentialOperation(name, body)
    }

    /// A string quoted for an operation's name (`"Café"`), so reports show the exact argument.
    public static func quoted(_ text: String?) -> String {
        guard let text else { return "nil" }
        return text.debugDescription
    }
}

/// The error an aborted write unit of work throws: the app's own error, which both sessions must pass through
/// unchanged after rolling back.
public struct ScenarioAbort: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "the scenario aborted the unit of work" }
}

/// What an operation returns when its unit of work has nothing else to return.
public struct Done: Encodable, Sendable {
    public let done = true
    public init() {}
}
