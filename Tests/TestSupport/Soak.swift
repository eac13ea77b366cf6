import Foundation

/// The switch between the normal test run (seconds) and the soak (`DRIVERPORT_SOAK=1`: every point, more runs).
public enum Soak {
    /// Whether `DRIVERPORT_SOAK=1` is set.
    public static let isEnabled: Bool = ProcessInfo.processInfo.environment["DRIVERPORT_SOAK"] == "1"

    /// `normal` in the test run, `soak` in the soak.
    public static func pick<T>(normal: T, soak: T) -> T { isEnabled ? soak : normal }

    /// The stride that checks about `budget` of `points` points in the normal run, and every point in the soak.
    public static func stride(points: Int64, budget: Int64) -> Int64 {
        isEnabled ? 1 : max(1, (points + budget - 1) / budget)
    }
}

/// Prints the figures a reliability test measured, one line each, so RELIABILITY.md is written from real output:
/// `figures: AREA | name value | name value ...`. `make soak` and `make fuzz` collect these lines.
public enum ReliabilityFigures {
    public static func report(_ area: String, _ values: KeyValuePairs<String, Any>) {
        report(area, values.map { ($0.key, $0.value) })
    }

    /// ``report(_:_:)`` with figures assembled at run time.
    public static func report(_ area: String, _ values: [(String, Any)]) {
        let text = values.map { "\($0.0) \($0.1)" }.joined(separator: " | ")
        print("figures: \(area)\(Soak.isEnabled ? " (soak)" : "") | \(text)")
    }
}
