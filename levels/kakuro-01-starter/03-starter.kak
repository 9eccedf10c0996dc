kakuro
title "Starter 03"
by "Hanjie team"
license MIT
difficulty 2
size 6x6

grid
#    16\  17\  5\   #    #
\21  .    .    .    20\  #
\11  .    .    .    .    6\
\4   .    .    17\3 .    .
#    \26  .    .    .    .
#    #    \16  .    .    #

solution
# # # # # #
# 8 9 4 # #
# 5 2 1 3 #
# 3 1 # 1 2
# # 5 8 9 4
# # # 9 7 #

