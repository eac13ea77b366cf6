import Foundation

/// How the tools describe a thrown error before comparing two of them: the differential harness and transcripts share
/// this, so an error reads the same in a diff, in a transcript and when a transcript is verified.
package enum ComparedErrors {
    /// The default description: the error's type and its description (`SQLiteError: SQLITE_CONSTRAINT ...`). An
    /// adapter's preset (`RealLibraryPresets.describeError`) replaces it to reduce two libraries' errors to one form.
    package static func typeAndDescription(_ error: any Error) -> String { "\(type(of: error)): \(error)" }

    /// `described` with a working copy's path, then its folder, replaced by `<database>` and `<folder>`: copies
    /// necessarily live at different paths on each side and in each run.
    package static func placeholding(_ described: String, copy path: String) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return described.replacingOccurrences(of: path, with: "<database>").replacingOccurrences(of: folder, with: "<folder>")
    }
}
