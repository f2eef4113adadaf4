module pbc

go 1.26
