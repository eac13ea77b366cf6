/// The 25 tables of the MMEX version 21 schema with their columns in declaration order: the generator writes full
/// rows in this order (a test checks the list against `Schema/tables.sql`).
public enum MMEXTable: Int, CaseIterable, Sendable {
    case account, asset, scheduled, scheduledSplit, budgetEntry, budgetYear, category, transaction, currencyHistory
    case currency, info, payee, split, stock, stockHistory, setting, report, attachment, usage, customField
    case customFieldData, transactionLink, shareInfo, tag, tagLink

    /// The table's name in the file.
    public var name: String {
        switch self {
        case .account: "ACCOUNTLIST_V1"
        case .asset: "ASSETS_V1"
        case .scheduled: "BILLSDEPOSITS_V1"
        case .scheduledSplit: "BUDGETSPLITTRANSACTIONS_V1"
        case .budgetEntry: "BUDGETTABLE_V1"
        case .budgetYear: "BUDGETYEAR_V1"
        case .category: "CATEGORY_V1"
        case .transaction: "CHECKINGACCOUNT_V1"
        case .currencyHistory: "CURRENCYHISTORY_V1"
        case .currency: "CURRENCYFORMATS_V1"
        case .info: "INFOTABLE_V1"
        case .payee: "PAYEE_V1"
        case .split: "SPLITTRANSACTIONS_V1"
        case .stock: "STOCK_V1"
        case .stockHistory: "STOCKHISTORY_V1"
        case .setting: "SETTING_V1"
        case .report: "REPORT_V1"
        case .attachment: "ATTACHMENT_V1"
        case .usage: "USAGE_V1"
        case .customField: "CUSTOMFIELD_V1"
        case .customFieldData: "CUSTOMFIELDDATA_V1"
        case .transactionLink: "TRANSLINK_V1"
        case .shareInfo: "SHAREINFO_V1"
        case .tag: "TAG_V1"
        case .tagLink: "TAGLINK_V1"
        }
    }

    /// Every column, in the order `tables.sql` declares them.
    public var columns: [String] {
        switch self {
        case .account:
            ["ACCOUNTID", "ACCOUNTNAME", "ACCOUNTTYPE", "ACCOUNTNUM", "STATUS", "NOTES", "HELDAT", "WEBSITE",
             "CONTACTINFO", "ACCESSINFO", "INITIALBAL", "INITIALDATE", "FAVORITEACCT", "CURRENCYID", "STATEMENTLOCKED",
             "STATEMENTDATE", "MINIMUMBALANCE", "CREDITLIMIT", "INTERESTRATE", "PAYMENTDUEDATE", "MINIMUMPAYMENT"]
        case .asset:
            ["ASSETID", "STARTDATE", "ASSETNAME", "ASSETSTATUS", "CURRENCYID", "VALUECHANGEMODE", "VALUE",
             "VALUECHANGE", "NOTES", "VALUECHANGERATE", "ASSETTYPE"]
        case .scheduled:
            ["BDID", "ACCOUNTID", "TOACCOUNTID", "PAYEEID", "TRANSCODE", "TRANSAMOUNT", "STATUS", "TRANSACTIONNUMBER",
             "NOTES", "CATEGID", "TRANSDATE", "FOLLOWUPID", "TOTRANSAMOUNT", "REPEATS", "NEXTOCCURRENCEDATE",
             "NUMOCCURRENCES", "COLOR"]
        case .scheduledSplit, .split:
            ["SPLITTRANSID", "TRANSID", "CATEGID", "SPLITTRANSAMOUNT", "NOTES"]
        case .budgetEntry:
            ["BUDGETENTRYID", "BUDGETYEARID", "CATEGID", "PERIOD", "AMOUNT", "NOTES", "ACTIVE"]
        case .budgetYear:
            ["BUDGETYEARID", "BUDGETYEARNAME"]
        case .category:
            ["CATEGID", "CATEGNAME", "ACTIVE", "PARENTID"]
        case .transaction:
            ["TRANSID", "ACCOUNTID", "TOACCOUNTID", "PAYEEID", "TRANSCODE", "TRANSAMOUNT", "STATUS",
             "TRANSACTIONNUMBER", "NOTES", "CATEGID", "TRANSDATE", "LASTUPDATEDTIME", "DELETEDTIME", "FOLLOWUPID",
             "TOTRANSAMOUNT", "COLOR"]
        case .currencyHistory:
            ["CURRHISTID", "CURRENCYID", "CURRDATE", "CURRVALUE", "CURRUPDTYPE"]
        case .currency:
            ["CURRENCYID", "CURRENCYNAME", "PFX_SYMBOL", "SFX_SYMBOL", "DECIMAL_POINT", "GROUP_SEPARATOR",
             "UNIT_NAME", "CENT_NAME", "SCALE", "BASECONVRATE", "CURRENCY_SYMBOL", "CURRENCY_TYPE"]
        case .info:
            ["INFOID", "INFONAME", "INFOVALUE"]
        case .payee:
            ["PAYEEID", "PAYEENAME", "CATEGID", "NUMBER", "WEBSITE", "NOTES", "ACTIVE", "PATTERN"]
        case .stock:
            ["STOCKID", "HELDAT", "PURCHASEDATE", "STOCKNAME", "SYMBOL", "NUMSHARES", "PURCHASEPRICE", "NOTES",
             "CURRENTPRICE", "VALUE", "COMMISSION"]
        case .stockHistory:
            ["HISTID", "SYMBOL", "DATE", "VALUE", "UPDTYPE"]
        case .setting:
            ["SETTINGID", "SETTINGNAME", "SETTINGVALUE"]
        case .report:
            ["REPORTID", "REPORTNAME", "GROUPNAME", "ACTIVE", "SQLCONTENT", "LUACONTENT", "TEMPLATECONTENT",
             "DESCRIPTION"]
        case .attachment:
            ["ATTACHMENTID", "REFTYPE", "REFID", "DESCRIPTION", "FILENAME"]
        case .usage:
            ["USAGEID", "USAGEDATE", "JSONCONTENT"]
        case .customField:
            ["FIELDID", "REFTYPE", "DESCRIPTION", "TYPE", "PROPERTIES"]
        case .customFieldData:
            ["FIELDATADID", "FIELDID", "REFID", "CONTENT"]
        case .transactionLink:
            ["TRANSLINKID", "CHECKINGACCOUNTID", "LINKTYPE", "LINKRECORDID"]
        case .shareInfo:
            ["SHAREINFOID", "CHECKINGACCOUNTID", "SHARENUMBER", "SHAREPRICE", "SHARECOMMISSION", "SHARELOT"]
        case .tag:
            ["TAGID", "TAGNAME", "ACTIVE"]
        case .tagLink:
            ["TAGLINKID", "REFTYPE", "REFID", "TAGID"]
        }
    }
}
