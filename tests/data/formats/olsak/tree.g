Strom
#d
0:   #FFFFFF   white
1:#   #000000   black
: rows
1
3
5
1
1
: columns
1
2
5
2
1
: end
