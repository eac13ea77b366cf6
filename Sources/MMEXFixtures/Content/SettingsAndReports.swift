import SQLiteEngine

/// Reports whose SQL runs on any MMEX version 21 file (a test runs each one).
private let reports: [(name: String, group: String, sql: String, lua: String, template: String, description: String)] = [
    (
        "Monthly spending by category", "Spending",
        """
        SELECT substr(t.TRANSDATE, 1, 7) AS MONTH, c.CATEGNAME AS CATEGORY, round(sum(t.TRANSAMOUNT), 2) AS TOTAL
        FROM CHECKINGACCOUNT_V1 t JOIN CATEGORY_V1 c ON c.CATEGID = t.CATEGID
        WHERE t.TRANSCODE = 'Withdrawal' AND t.STATUS <> 'V' AND coalesce(t.DELETEDTIME, '') = ''
        GROUP BY MONTH, c.CATEGID ORDER BY MONTH, TOTAL DESC
        """,
        "", "<table><TMPL_LOOP NAME=CONTENTS><tr><td><TMPL_VAR MONTH></td><td><TMPL_VAR CATEGORY></td>"
            + "<td><TMPL_VAR TOTAL></td></tr></TMPL_LOOP></table>",
        "What went out each month, per category"
    ),
    (
        "Account balances", "Accounts",
        """
        SELECT a.ACCOUNTNAME, a.ACCOUNTTYPE, cf.CURRENCY_SYMBOL,
          a.INITIALBAL
          + coalesce((SELECT sum(CASE t.TRANSCODE WHEN 'Deposit' THEN t.TRANSAMOUNT ELSE -t.TRANSAMOUNT END)
                      FROM CHECKINGACCOUNT_V1 t
                      WHERE t.ACCOUNTID = a.ACCOUNTID AND t.STATUS <> 'V' AND coalesce(t.DELETEDTIME, '') = ''), 0)
          + coalesce((SELECT sum(t.TOTRANSAMOUNT) FROM CHECKINGACCOUNT_V1 t
                      WHERE t.TOACCOUNTID = a.ACCOUNTID AND t.TRANSCODE = 'Transfer' AND t.STATUS <> 'V'
                        AND coalesce(t.DELETEDTIME, '') = ''), 0) AS BALANCE
        FROM ACCOUNTLIST_V1 a JOIN CURRENCYFORMATS_V1 cf ON cf.CURRENCYID = a.CURRENCYID
        ORDER BY a.ACCOUNTNAME
        """,
        "local total = 0\nfunction handle_record(record)\n  total = total + record:get('BALANCE')\nend\n"
            + "function complete(result)\n  result:set('TOTAL', total)\nend\n",
        "<h1>Balances</h1><TMPL_LOOP NAME=CONTENTS><p><TMPL_VAR ACCOUNTNAME>: <TMPL_VAR BALANCE></p></TMPL_LOOP>",
        "Balance of every account in its own currency"
    ),
    (
        "Tagged transactions", "Tags",
        """
        SELECT g.TAGNAME, count(*) AS TRANSACTIONS, round(sum(t.TRANSAMOUNT), 2) AS TOTAL
        FROM TAGLINK_V1 l JOIN TAG_V1 g ON g.TAGID = l.TAGID
        JOIN CHECKINGACCOUNT_V1 t ON t.TRANSID = l.REFID AND l.REFTYPE = 'Transaction'
        GROUP BY g.TAGID ORDER BY g.TAGNAME
        """,
        "", "<ul><TMPL_LOOP NAME=CONTENTS><li><TMPL_VAR TAGNAME> (<TMPL_VAR TRANSACTIONS>)</li></TMPL_LOOP></ul>",
        "Transactions per tag"
    ),
]

extension FixtureWorld {
    /// INFOTABLE settings, SETTING_V1, reports and usage statistics, as desktop and the apps leave them.
    func writeSettingsAndReports() throws {
        var random = random(.settings)
        let created = timeline.firstDay
        let info: [(String, String)] = [
            ("BASECURRENCYID", String(FixtureWorld.baseCurrencyId)),
            ("UID", "driverport_fixture_\(spec.seed)"),
            ("CREATEDATE", created.iso),
            ("DATEFORMAT", "%Y-%m-%d"),
            ("USERNAME", "Jürgen Müller-Lüdenscheidt"),
            ("MMEXVERSION", "1.9.1"),
            ("FINANCIAL_YEAR_START_DAY", "1"),
            ("FINANCIAL_YEAR_START_MONTH", "7"),
            ("ISUSED", "TRUE"),
            ("NAV_TREE_STATUS", "{\n    \"Favorites\": true,\n    \"Budgets\": false\n}"),
        ]
        for (index, (name, value)) in info.enumerated() {
            let origin: Origin = index >= 8 ? .mobile : .desktop
            let id = mintId(.info, origin: origin, day: created.adding(days: index), random: &random)
            try sink.insert(.info, [.int(id), .text(name), .text(value)])
        }
        let settings: [(String, String?)] = [
            ("ATTACHMENTSFOLDER:Linux", "/home/juergen/MMEX/Attachments"),
            ("ATTACHMENTSFOLDER:Win", "C:\\Users\\Jürgen\\Documents\\MMEX"),
            ("ATTACHMENTSSUBFOLDER", "TRUE"),
            ("DELETED_TRANS_RETAIN_DAYS", "30"),
            ("BUDGET_INCLUDE_TRANSFERS", "FALSE"),
            ("CHECK_VIEW_FILTER", "{\"FILTER\": \"View All Transactions\", \"ACCOUNTS\": [1, 2]}"),
            ("THEME", "Default"),
            ("LAST_USED_EXPORT_FOLDER", nil),
        ]
        for (name, value) in settings {
            try sink.insert(.setting, [.int(ids.small(.setting)), .text(name), .optionalText(value)])
        }
        for (index, report) in reports.enumerated() {
            try sink.insert(.report, [
                .int(ids.small(.report)), .text(report.name), .text(report.group), .int(index == 2 ? 0 : 1),
                .text(report.sql), .text(report.lua), .text(report.template), .text(report.description),
            ])
        }
        // About a month of daily usage records, as desktop writes them when usage statistics are on.
        let modules = ["Home Page", "Checking", "Budget Setup", "Reports", "Assets"]
        for offset in 0..<30 {
            let day = Timeline.lastDay.adding(days: offset - 29)
            let start = random.int(in: 7 * 3600...20 * 3600)
            var items: [String] = []
            for _ in 0..<random.int(in: 1...3) {
                let module = random.pick(modules)
                items.append("{\"module\": \"\(module)\", \"name\": \"\", \"seconds\": \(random.int(in: 1...900))}")
            }
            let json = "{\"start\": \"\(DateText.dateTime(day, secondOfDay: start))\", "
                + "\"end\": \"\(DateText.dateTime(day, secondOfDay: start + random.int(in: 60...3600)))\", "
                + "\"usage\": [\(items.joined(separator: ", "))]}"
            try sink.insert(.usage, [.int(ids.small(.usage)), .text(day.iso), .text(json)])
        }
    }
}
