"""Layout: kit data in, pages of positioned boxes (millimetres, y down) out. No drawing here."""
