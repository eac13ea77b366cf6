// swift-tools-version:6.0
// DriverPort: move an app's SQLite persistence from a query-builder driver to a reader/writer driver without losing
// data. The source targets are listed in layers (the MARK comments below): each depends only on targets of lower
// layers, which `.ci/check-dependencies --layers` (run by PackageTests) proves, with every declared dependency equal
// to what the target imports. Products are what users import; MMEX targets sit on the generic toolkit, never under it.
import PackageDescription

let package = Package(
    name: "DriverPort",
    products: [
        .executable(name: "driverport", targets: ["driverport"]),
        .library(name: "LegacyDriver", targets: ["LegacyDriver"]),
        .library(name: "ReaderWriterDriver", targets: ["ReaderWriterDriver"]),
        .library(name: "PersistenceSession", targets: ["PersistenceSession"]),
        .library(name: "LegacySessions", targets: ["LegacySessions"]),
        .library(name: "ReaderWriterSessions", targets: ["ReaderWriterSessions"]),
        .library(name: "SQLiteEngine", targets: ["SQLiteEngine"]),
        .library(name: "SQLiteCipher", targets: ["SQLiteCipher"]),
        .library(name: "SQLite3MultipleCiphers", targets: ["SQLite3MultipleCiphers"]),
        .library(name: "Differential", targets: ["Differential"]),
        .library(name: "FileLifecycle", targets: ["FileLifecycle"]),
        .library(name: "Transcripts", targets: ["Transcripts"]),
        .library(name: "ShadowSessions", targets: ["ShadowSessions"]),
        // The page codec as a SQLite loadable extension: libdriverport_codec.so, entry sqlite3_driverportcodec_init.
        .library(name: "driverport_codec", type: .dynamic, targets: ["CCodecExtension"]),
    ],
    targets: [
        // MARK: Layer 0: plain arithmetic every layer may share: the proleptic Gregorian calendar in days since 1970
        // (one implementation for the reader/writer driver's dates, the MMEX model's schedules and the fixtures)
        .target(name: "CivilDays"),
        // MARK: Layer 1: C libraries from Debian packages, and the modules that need nothing else: the MMEX model and
        // schema resources, the generic session core
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "CPageCodec",
            path: "Sources/CPageCodec",
            linkerSettings: [.linkedLibrary("crypto"), .linkedLibrary("sqlite3")]
        ),
        // The differential's changed-pages tracker: a pass-through VFS that records which parts of its working copies
        // a scenario wrote.
        .target(name: "CChangedPages", path: "Sources/CChangedPages", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "MMEXModel", dependencies: ["CivilDays"]),
        .target(
            name: "MMEXSchema",
            path: "Schema",
            exclude: ["README.md"],
            sources: ["Swift"],
            resources: [.copy("tables.sql"), .copy("upgrade")]
        ),
        .target(name: "PersistenceSession"),
        // OpenSSL's digests (SHA-256 of transcripts).
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", providers: [.apt(["libssl-dev"])]),

        // MARK: Layer 2: the engine; MMEX's contexts on the session core
        .target(
            name: "SQLiteEngine",
            dependencies: ["CSQLite"],
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(name: "MMEXSession", dependencies: ["MMEXModel", "PersistenceSession"]),
        // The codec as a loadable extension (links the system libsqlite3: the codec calls sqlite3_* directly).
        .target(
            name: "CCodecExtension",
            dependencies: ["CPageCodec"],
            path: "Sources/CCodecExtension",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),

        // MARK: Layer 3: the cipher, the differential harness
        .target(name: "SQLiteCipher", dependencies: ["SQLiteEngine", "CPageCodec"]),
        .target(name: "Differential", dependencies: ["SQLiteEngine", "CChangedPages", "PersistenceSession"]),

        // MARK: Layer 4: the two drivers; MMEX file facts; the file lifecycle (its file steps use the cipher's seam); the
        // shadow session (any two sessions compared in an app)
        .target(name: "FileLifecycle", dependencies: ["SQLiteEngine", "SQLiteCipher"]),
        .target(name: "ShadowSessions", dependencies: ["Differential", "PersistenceSession", "SQLiteEngine"]),
        .target(name: "LegacyDriver", dependencies: ["SQLiteEngine", "SQLiteCipher"]),
        // SQLite3 Multiple Ciphers' C API (sqlite3_key_v2, sqlite3mc_config, ...) as Swift functions over the codec.
        .target(name: "SQLite3MultipleCiphers", dependencies: ["CSQLite", "CPageCodec", "SQLiteCipher"]),
        .target(name: "ReaderWriterDriver", dependencies: ["CivilDays", "SQLiteEngine", "SQLiteCipher"]),
        .target(name: "MMEXFiles", dependencies: ["SQLiteEngine", "SQLiteCipher", "MMEXSchema"]),
        // Golden transcripts: record one implementation's answers once, verify another against them later.
        .target(name: "Transcripts", dependencies: ["Differential", "SQLiteEngine", "COpenSSL"]),

        // MARK: Layer 5: the generic session engines, one per driver; the MMEX fixture generator; the widget reader
        .target(name: "LegacySessions", dependencies: ["LegacyDriver", "PersistenceSession", "SQLiteEngine"]),
        .target(name: "ReaderWriterSessions", dependencies: ["ReaderWriterDriver", "PersistenceSession", "SQLiteEngine"]),
        .target(name: "MMEXFixtures", dependencies: ["CivilDays", "SQLiteEngine", "SQLiteCipher", "MMEXFiles"]),
        // A second process that reads an MMEX file while the app writes it (a widget, in the seeds' terms).
        .executableTarget(name: "driverport-widget-reader", dependencies: ["ReaderWriterDriver"], path: "Tests/WidgetReader"),

        // MARK: Layer 6: what both MMEX sessions share and no driver knows
        .target(
            name: "MMEXSessionSupport",
            dependencies: [
                "SQLiteEngine", "SQLiteCipher", "PersistenceSession", "MMEXModel", "MMEXFiles", "MMEXSchema", "MMEXSession",
            ],
            // The sample database, as a file: the sessions do not link the fixture generator (MMEXFixturesTests
            // checks the file holds what the generator writes for the sample spec).
            resources: [.copy("Resources/sample.mmb")]
        ),

        // MARK: Layer 7: the MMEX sessions and repositories, once per driver
        .target(
            name: "MMEXLegacy",
            dependencies: [
                "LegacyDriver", "LegacySessions", "PersistenceSession", "MMEXModel", "MMEXSessionSupport",
                "MMEXSession", "SQLiteEngine",
            ]
        ),
        .target(
            name: "MMEXReaderWriter",
            dependencies: [
                "ReaderWriterDriver", "ReaderWriterSessions", "PersistenceSession", "MMEXModel",
                "MMEXSessionSupport", "MMEXSession", "SQLiteEngine",
            ]
        ),

        // MARK: Layer 8: the MMEX slices' scenarios and the diff runner; the benchmark
        .target(
            name: "MMEXDifferential",
            dependencies: [
                "Differential", "MMEXLegacy", "MMEXReaderWriter", "MMEXSessionSupport", "PersistenceSession",
                "MMEXModel", "SQLiteEngine", "MMEXSession",
            ]
        ),

        // The benchmark: the drivers against raw C, and the MMEX work written each driver's way (the legacy way with
        // the MMEX legacy repositories' own column declarations).
        .target(
            name: "DriverPortBench",
            dependencies: [
                "CSQLite", "SQLiteEngine", "SQLiteCipher", "LegacyDriver", "ReaderWriterDriver", "MMEXFixtures",
                "MMEXModel", "MMEXLegacy",
            ]
        ),

        // An MMEX session in the shadow of another (the app's session type over two drivers' sessions).
        .target(
            name: "MMEXShadow",
            dependencies: ["ShadowSessions", "MMEXSession", "MMEXSessionSupport", "MMEXModel", "PersistenceSession"]
        ),

        // MARK: Layer 9: the command line
        .target(
            name: "DriverPortCLI",
            dependencies: [
                "SQLiteEngine", "SQLiteCipher", "MMEXFiles", "MMEXFixtures", "MMEXSchema", "FileLifecycle",
                "Differential", "PersistenceSession", "DriverPortBench", "MMEXDifferential", "MMEXModel",
                "MMEXSession", "MMEXShadow", "ShadowSessions", "Transcripts",
            ]
        ),

        // MARK: Layer 10: the executable
        .executableTarget(name: "driverport", dependencies: ["DriverPortCLI"]),

        // MARK: Tests
        .target(
            name: "CFaultVFS", path: "Tests/CFaultVFS", linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        // `driverport` with the commands' test hooks (CommandHooks) set from its arguments: the crash tests kill or
        // stop it at a known point. The product reads no test hook; this is never a product.
        .executableTarget(name: "driverport-test-hooks", dependencies: ["DriverPortCLI"], path: "Tests/DriverPortTestHooks"),
        .target(name: "TestSupport", dependencies: ["SQLiteEngine", "SQLiteCipher", "MMEXFiles", "Differential", "CFaultVFS"], path: "Tests/TestSupport"),
        // The planted-bug run (`make mutants`): SQL mutants, the rules that call a mutant equivalent, and the run that
        // plants each one into one driver's statements through the sessions' statement-rewrite hook. Test machinery:
        // only test targets depend on it (`.ci/check-dependencies` fails a product that links it).
        .target(
            name: "MutationTesting",
            dependencies: ["Differential", "MMEXDifferential", "MMEXSessionSupport", "PersistenceSession", "SQLiteEngine"],
            path: "Tests/MutationTesting"
        ),
        .testTarget(name: "SQLiteEngineTests", dependencies: ["SQLiteEngine", "TestSupport"]),
        .testTarget(name: "MMEXFilesTests", dependencies: ["MMEXFiles", "MMEXSchema", "SQLiteEngine", "TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["DriverPortCLI", "SQLiteCipher", "SQLiteEngine", "TestSupport", "driverport-test-hooks"]
        ),
        .testTarget(
            name: "SQLiteCipherTests",
            dependencies: ["SQLiteCipher", "SQLiteEngine", "MMEXFiles", "TestSupport", "CPageCodec", "COpenSSL"],
            resources: [.copy("Oracles")]
        ),
        .testTarget(name: "SQLite3MCTests", dependencies: ["LegacyDriver", "SQLite3MultipleCiphers", "TestSupport"]),
        .testTarget(name: "LegacyDriverTests", dependencies: ["LegacyDriver", "SQLiteEngine", "TestSupport"]),
        .testTarget(name: "ReaderWriterDriverTests", dependencies: ["ReaderWriterDriver", "SQLiteEngine", "TestSupport", "SQLiteCipher", "CSQLite"]),
        .testTarget(
            name: "MMEXFixturesTests", dependencies: ["MMEXFixtures", "MMEXFiles", "SQLiteCipher", "SQLiteEngine", "TestSupport", "MMEXSessionSupport"]
        ),
        .testTarget(
            name: "FileLifecycleTests",
            dependencies: ["FileLifecycle", "SQLiteEngine", "TestSupport", "SQLiteCipher", "driverport-test-hooks"]
        ),
        .testTarget(
            name: "MMEXUpgradeTests",
            dependencies: ["MMEXFiles", "MMEXSchema", "SQLiteEngine", "TestSupport", "SQLiteCipher", "driverport-test-hooks"]
        ),
        // GRDB's everyday API, written as GRDB's documentation shows it, compiled with only `import ReaderWriterDriver`.
        .testTarget(name: "GRDBFidelityTests", dependencies: ["ReaderWriterDriver"]),
        .testTarget(name: "SQLiteSwiftFidelityTests", dependencies: ["LegacyDriver"]),
        .testTarget(
            name: "SecondProcessTests",
            dependencies: ["ReaderWriterDriver", "MMEXFiles", "TestSupport", "driverport-widget-reader"]
        ),
        .testTarget(name: "BenchTests", dependencies: ["DriverPortBench", "TestSupport"]),
        .testTarget(
            name: "MMEXModelTests",
            dependencies: ["MMEXModel", "PersistenceSession", "SQLiteEngine", "MMEXSchema", "MMEXSession"]
        ),
        .testTarget(
            name: "SessionEngineTests",
            dependencies: ["PersistenceSession", "LegacySessions", "ReaderWriterSessions", "LegacyDriver", "ReaderWriterDriver", "SQLiteEngine"]
        ),
        .testTarget(name: "DifferentialTests", dependencies: ["Differential", "PersistenceSession", "SQLiteEngine", "SQLiteCipher", "TestSupport", "MutationTesting"]),
        .testTarget(name: "TranscriptsTests", dependencies: ["Transcripts", "Differential", "SQLiteEngine", "TestSupport"]),
        .testTarget(
            name: "MMEXTranscriptTests", dependencies: ["DriverPortCLI", "TestSupport", "SQLiteEngine"],
            // A transcript the previous format's recorder wrote, read by path (FormatTwoTests).
            exclude: ["FormatTwo"]
        ),
        // The package's own checks: declared dependencies equal imports, the products build from outside.
        .testTarget(name: "PackageTests"),
        .testTarget(
            name: "MMEXSessionTests",
            dependencies: [
                "MMEXLegacy", "MMEXReaderWriter", "MMEXSessionSupport", "PersistenceSession", "MMEXModel",
                "SQLiteEngine", "SQLiteCipher", "TestSupport", "MMEXSession",
            ]
        ),
        .testTarget(
            name: "MMEXDifferentialTests",
            dependencies: [
                "MMEXDifferential", "Differential", "MMEXLegacy", "MMEXReaderWriter", "MMEXSessionSupport",
                "PersistenceSession", "MMEXModel", "ReaderWriterDriver", "LegacyDriver", "SQLiteEngine", "DriverPortCLI",
                "TestSupport", "MMEXSession", "MutationTesting",
            ]
        ),
        .testTarget(
            name: "ShadowSessionTests",
            dependencies: [
                "ShadowSessions", "MMEXShadow", "MMEXLegacy", "MMEXReaderWriter", "MMEXSession", "MMEXModel",
                "PersistenceSession", "SQLiteEngine", "TestSupport", "DriverPortCLI", "Differential",
            ]
        ),
        .target(
            name: "DriverLedgers",
            dependencies: [
                "TestSupport", "LegacyDriver", "ReaderWriterDriver", "SQLiteEngine", "MMEXLegacy", "MMEXReaderWriter",
                "PersistenceSession", "MMEXModel", "CFaultVFS", "SQLiteCipher", "MMEXSession",
            ],
            path: "Tests/DriverLedgers"
        ),
        .executableTarget(
            name: "CrashWriter",
            dependencies: ["SQLiteEngine", "TestSupport", "DriverLedgers", "LegacyDriver", "ReaderWriterDriver"],
            path: "Tests/CrashWriter"
        ),
        .target(name: "CFuzzDriver", path: "Tests/CFuzzDriver"),
        .executableTarget(name: "DriverPortFuzz", dependencies: ["TestSupport", "CFuzzDriver"], path: "Tests/DriverPortFuzz"),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "DriverPortCLI", "MMEXFiles", "MMEXModel", "PersistenceSession", "SQLiteEngine", "SQLiteCipher",
                "CPageCodec", "Differential", "DriverLedgers", "MMEXLegacy", "MMEXReaderWriter", "TestSupport",
                "MMEXSession", "LegacyDriver", "ReaderWriterDriver", "FileLifecycle",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
