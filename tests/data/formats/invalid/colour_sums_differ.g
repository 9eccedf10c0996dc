Strom
#d
0:   #FFFFFF   white
1:#   #000000   black
2:g   #00AA00   green
: rows
1g
3
5
1g
1
: columns
1
2
5
2
1
: end
