import Foundation

/// The process's resident memory as Linux reports it in `/proc/self/status`.
public enum ProcessMemory {
    /// Peak resident set size (`VmHWM`) in bytes, or `nil` where `/proc` is unavailable.
    public static func peakResidentBytes() -> UInt64? { field("VmHWM") }

    /// Current resident set size (`VmRSS`) in bytes.
    public static func residentBytes() -> UInt64? { field("VmRSS") }

    private static func field(_ name: String) -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").compactMap { UInt64($0) }
            return digits.first.map { $0 * 1024 }
        }
        return nil
    }
}
